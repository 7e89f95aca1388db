/** The active supplier's next steps (GET /next-steps) as a TanStack Query hook, checked against its schema in common/api. */
import { useQuery } from '@tanstack/react-query';
import { NextStepsResponseSchema } from '../../common/api/next-steps';
import { apiFetch } from '../lib/api';

export const nextStepsQueryKeys = {
  supplier: (supplierId: number) => ['next-steps', supplierId] as const,
};

/** What needs doing for the active supplier; read again each time the first screen is shown, as it changes elsewhere. */
export function useNextSteps(supplierId: number) {
  return useQuery({
    queryKey: nextStepsQueryKeys.supplier(supplierId),
    queryFn: ({ signal }) => apiFetch('next-steps', NextStepsResponseSchema, { signal }),
    staleTime: 0,
  });
}
