/**
 * The team's thread calls (/api/v1/admin/threads…) as TanStack Query hooks: the open threads of
 * every supplier (a page at a time), one thread, its earlier messages, replying as the team (an
 * attachment is uploaded first, as the messages panel does) and resolving.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TeamThreadListResponseSchema,
  TeamThreadSchema,
  TeamThreadSummarySchema,
  EarlierMessagesResponseSchema,
  THREAD_MODEL_CODES,
  THREAD_STATUSES,
  ThreadMessageSchema,
  ThreadSchema,
  UNASSIGNED,
  UnreadCountResponseSchema,
  type TeamThread,
  type EarlierMessagesResponse,
  type ThreadModelCode,
  type ThreadStatusFilter,
  type PostMessageRequest, type AssignThreadRequest,
} from '../../common/api/threads';
import { MAX_ID, MAX_PAGE_NUMBER } from '../../common/api/http';
import { apiFetch } from '../lib/api';
import { listSearch, pageCursorParams, wholeNumberParam } from '../lib/lists/url-params';
import { uploadAttachment } from './threads-api';
import type { MessageDraft } from './use-threads';

/**
 * The inbox's query, read from its URL: the page (its number, and the thread it starts after or
 * before) and the API's filters (assignee, model, status).
 */
export interface InboxQuery {
  page?: number;
  after?: number;
  before?: number;
  /** A team member's user id, or UNASSIGNED. */
  assignee?: number | typeof UNASSIGNED;
  model?: ThreadModelCode;
  status?: ThreadStatusFilter;
}


/** The inbox's query from its URL: an unknown or malformed value is ignored, never sent to the API. */
export function inboxListQuery(search: URLSearchParams): InboxQuery {
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  const assigneeParam = search.get('assignee');
  const assignee = assigneeParam === UNASSIGNED ? UNASSIGNED : wholeNumberParam(assigneeParam, MAX_ID);
  const model = THREAD_MODEL_CODES.find((code) => code === search.get('model'));
  const status = THREAD_STATUSES.find((candidate) => candidate === search.get('status'));
  return {
    ...(assignee !== undefined ? { assignee } : {}),
    ...(model ? { model } : {}),
    ...(status ? { status } : {}),
    ...(page !== undefined ? { page } : {}),
    ...pageCursorParams(search),
  };
}

export const teamThreadQueryKeys = {
  all: ['team', 'threads'] as const,
  list: (query: InboxQuery) => ['team', 'threads', 'list', query] as const,
  one: (threadId: number) => ['team', 'threads', 'one', threadId] as const,
  unread: ['team', 'threads', 'unread'] as const,
};

const threadPath = (threadId: number) => `admin/threads/${String(threadId)}`;

export function useInbox(query: InboxQuery) {
  return useQuery({
    queryKey: teamThreadQueryKeys.list(query),
    queryFn: ({ signal }) => {
      const search = listSearch(query);
      return apiFetch(search === '' ? 'admin/threads' : `admin/threads?${search}`, TeamThreadListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useTeamThread(threadId: number) {
  return useQuery({
    queryKey: teamThreadQueryKeys.one(threadId),
    queryFn: ({ signal }) => apiFetch(threadPath(threadId), TeamThreadSchema, { signal }),
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
        body: { content, attachment: attachment ? await uploadAttachment(attachment) : null } satisfies PostMessageRequest,
      }),
    onSuccess: async (message) => {
      queryClient.setQueryData<TeamThread>(teamThreadQueryKeys.one(threadId), (thread) =>
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
      queryClient.setQueryData<TeamThread>(teamThreadQueryKeys.one(threadId), (thread) =>
        thread && { ...thread, isResolved: resolved.isResolved, resolvedAt: resolved.resolvedAt },
      );
      await queryClient.invalidateQueries({ queryKey: teamThreadQueryKeys.all });
    },
  });
}

/** How often the navigation's unread count is read again while the team's app is open. */
const UNREAD_REFRESH_MS = 60_000;

/** The caller's unread messages in open threads; read again every minute and after anything the team does to a thread. */
export function useUnreadCount() {
  return useQuery({
    queryKey: teamThreadQueryKeys.unread,
    queryFn: ({ signal }) => apiFetch('admin/threads/unread-count', UnreadCountResponseSchema, { signal }),
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

/** Assigns the thread to a team member, or to nobody (null); the thread and the inbox are read again. */
export function useAssignThread(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number | null) => apiFetch(`${threadPath(threadId)}/assignee`, TeamThreadSummarySchema, { method: 'PUT', body: { userId } satisfies AssignThreadRequest }),
    onSuccess: async (summary) => {
      queryClient.setQueryData<TeamThread>(teamThreadQueryKeys.one(threadId), (thread) => thread && { ...thread, assignee: summary.assignee });
      await queryClient.invalidateQueries({ queryKey: teamThreadQueryKeys.all });
    },
  });
}
