/**
 * The active supplier's message threads on every record (GET /messages) and the reader's unread
 * messages in them (GET /messages/unread-count), as TanStack Query hooks.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SupplierThreadListResponseSchema, UnreadCountResponseSchema } from '../../common/api/threads';
import { apiFetch } from '../lib/api';

const UNREAD_REFRESH_MS = 60_000;

export const supplierMessagesQueryKeys = {
  all: ['supplier-messages'] as const,
  page: (page: number) => ['supplier-messages', 'page', page] as const,
  unread: ['supplier-messages', 'unread'] as const,
};

export function useSupplierThreads(page: number) {
  return useQuery({
    queryKey: supplierMessagesQueryKeys.page(page),
    queryFn: ({ signal }) => apiFetch(`messages${page > 1 ? `?page=${String(page)}` : ''}`, SupplierThreadListResponseSchema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSupplierUnreadCount() {
  return useQuery({
    queryKey: supplierMessagesQueryKeys.unread,
    queryFn: ({ signal }) => apiFetch('messages/unread-count', UnreadCountResponseSchema, { signal }),
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 0,
  });
}
