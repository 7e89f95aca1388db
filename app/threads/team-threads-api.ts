/**
 * The team's thread calls (/api/v1/admin/threads…) as TanStack Query hooks: the open threads of
 * every supplier (a page at a time), one thread, its earlier messages, replying as the team (an
 * attachment is uploaded first, as the messages panel does) and resolving.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminThreadListResponseSchema,
  AdminThreadSchema,
  EarlierMessagesResponseSchema,
  ThreadMessageSchema,
  ThreadSchema,
  type AdminThread,
  type EarlierMessagesResponse,
} from '../../common/api/threads';
import { apiFetch } from '../lib/api';
import { listSearch } from '../reporting/list-params';
import { uploadAttachment } from './threads-api';
import type { MessageDraft } from './use-threads';

/**
 * The inbox's query, read from its URL. Only the page for now; a filter the API learns (the
 * assignee, the model) joins it here and in inboxListQuery.
 */
export interface InboxQuery {
  page?: number;
}

/** The largest page number the API reads (its PageNumberSchema). */
const MAX_PAGE = 99_999;

/** The inbox's query from its URL: an unknown or malformed value is ignored. */
export function inboxListQuery(search: URLSearchParams): InboxQuery {
  const page = search.get('page');
  return page !== null && /^[1-9][0-9]{0,4}$/.test(page) && Number(page) <= MAX_PAGE ? { page: Number(page) } : {};
}

export const teamThreadQueryKeys = {
  all: ['team', 'threads'] as const,
  list: (query: InboxQuery) => ['team', 'threads', 'list', query] as const,
  one: (threadId: number) => ['team', 'threads', 'one', threadId] as const,
};

const threadPath = (threadId: number) => `admin/threads/${String(threadId)}`;

export function useInbox(query: InboxQuery) {
  return useQuery({
    queryKey: teamThreadQueryKeys.list(query),
    queryFn: ({ signal }) => {
      const search = listSearch(query);
      return apiFetch(search === '' ? 'admin/threads' : `admin/threads?${search}`, AdminThreadListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useTeamThread(threadId: number) {
  return useQuery({
    queryKey: teamThreadQueryKeys.one(threadId),
    queryFn: ({ signal }) => apiFetch(threadPath(threadId), AdminThreadSchema, { signal }),
    enabled: threadId > 0,
    retry: false,
  });
}

/** The page of a thread's messages before message `beforeId`, oldest first. */
export function fetchTeamEarlierMessages(threadId: number, beforeId: number): Promise<EarlierMessagesResponse> {
  return apiFetch(`${threadPath(threadId)}/messages?before=${String(beforeId)}`, EarlierMessagesResponseSchema);
}

/** Replies as the team (reopening a resolved thread); the thread then shows the reply, and the inbox is read again. */
export function useTeamReply(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, attachment }: MessageDraft) =>
      apiFetch(`${threadPath(threadId)}/message`, ThreadMessageSchema, {
        method: 'POST',
        body: { content, attachment: attachment ? await uploadAttachment(attachment) : null },
      }),
    onSuccess: async (message) => {
      queryClient.setQueryData<AdminThread>(teamThreadQueryKeys.one(threadId), (thread) =>
        thread && { ...thread, messages: [...thread.messages, message], updatedAt: message.createdAt, isResolved: false, resolvedAt: null },
      );
      await queryClient.invalidateQueries({ queryKey: teamThreadQueryKeys.all });
    },
  });
}

export function useTeamResolve(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${threadPath(threadId)}/resolve`, ThreadSchema, { method: 'PUT' }),
    onSuccess: async (resolved) => {
      queryClient.setQueryData<AdminThread>(teamThreadQueryKeys.one(threadId), (thread) =>
        thread && { ...thread, isResolved: resolved.isResolved, resolvedAt: resolved.resolvedAt },
      );
      await queryClient.invalidateQueries({ queryKey: teamThreadQueryKeys.all });
    },
  });
}
