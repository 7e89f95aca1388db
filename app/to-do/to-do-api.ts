/** The active supplier's to-do (GET /to-do) as a TanStack Query hook, checked against its schema in common/api. */
import { useQuery } from '@tanstack/react-query';
import { ToDoResponseSchema } from '../../common/api/to-do';
import { apiFetch } from '../lib/api';

export const toDoQueryKeys = {
  supplier: (supplierId: number) => ['to-do', supplierId] as const,
};

/** What needs doing for the active supplier; read again each time the first screen is shown, as it changes elsewhere. */
export function useToDo(supplierId: number) {
  return useQuery({
    queryKey: toDoQueryKeys.supplier(supplierId),
    queryFn: ({ signal }) => apiFetch('to-do', ToDoResponseSchema, { signal }),
    staleTime: 0,
  });
}
