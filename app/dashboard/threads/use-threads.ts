/** TanStack Query hooks of one record's threads: the list and the three changes (spec §4 "Threads"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Thread, ThreadListResponse } from '../../../common/api/threads';
import { ApiError } from '../../lib/api';
import { UploadError } from '../../lib/upload';
import {
  RESOLVE_FAILED_MESSAGE,
  SEND_FAILED_MESSAGE,
  THREAD_NOT_FOUND_FOR_MESSAGE,
  THREAD_NOT_FOUND_FOR_UPDATE,
} from './messages';
import {
  createThread,
  fetchThreads,
  postMessage,
  resolveThread,
  threadQueryKeys,
  uploadAttachment,
  type ThreadRecord,
} from './threads-api';

/** What the person wrote; the attachment is uploaded before the message is sent. */
export interface MessageDraft {
  content: string;
  attachment: File | null;
}

export interface ThreadDraft extends MessageDraft {
  title: string;
}

/** The record's threads, newest first. Spec §8: when the load fails the list is empty (`threads`). */
export function useThreads(record: ThreadRecord) {
  const query = useQuery({
    queryKey: threadQueryKeys.list(record),
    queryFn: ({ signal }) => fetchThreads(record, signal),
  });
  const threads: readonly Thread[] = query.data?.threads ?? [];
  return { ...query, threads };
}

async function uploadIfAny(attachment: File | null): Promise<string | null> {
  return attachment ? uploadAttachment(attachment) : null;
}

/** Puts `thread` in the cached list in place of the one with its id, or first when it is new. */
function withThread(list: ThreadListResponse | undefined, thread: Thread): ThreadListResponse | undefined {
  if (!list) {
    return list;
  }
  const isKnown = list.threads.some((candidate) => candidate.id === thread.id);
  return {
    threads: isKnown ? list.threads.map((candidate) => (candidate.id === thread.id ? thread : candidate)) : [thread, ...list.threads],
  };
}

/** The text to show for a failed change: the upload's, the spec's not-found text, or the server's. */
export function describeThreadError(error: Error, notFoundMessage: string | null, fallback: string): string {
  if (error instanceof UploadError) {
    return error.message;
  }
  if (error instanceof ApiError) {
    if (error.status === 404 && notFoundMessage !== null) {
      return notFoundMessage;
    }
    // 5xx messages are generic by design; a 4xx says what to fix.
    return error.status < 500 && error.body ? error.body.message : fallback;
  }
  return fallback;
}

export function useStartThread(record: ThreadRecord) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ title, content, attachment }: ThreadDraft) =>
      createThread(record, { title, content, attachment: await uploadIfAny(attachment) }),
    onSuccess: async (thread) => {
      queryClient.setQueryData<ThreadListResponse>(threadQueryKeys.list(record), (list) => withThread(list, thread));
      await queryClient.invalidateQueries({ queryKey: threadQueryKeys.list(record) });
    },
  });
}

export const describeStartError = (error: Error) => describeThreadError(error, null, SEND_FAILED_MESSAGE);

export function useReplyToThread(record: ThreadRecord, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, attachment }: MessageDraft) =>
      postMessage(record, threadId, { content, attachment: await uploadIfAny(attachment) }),
    onSuccess: async (message) => {
      queryClient.setQueryData<ThreadListResponse>(threadQueryKeys.list(record), (list) =>
        list && {
          threads: list.threads.map((thread) =>
            thread.id === threadId ? { ...thread, messages: [...thread.messages, message], updatedAt: message.createdAt } : thread,
          ),
        },
      );
      await queryClient.invalidateQueries({ queryKey: threadQueryKeys.list(record) });
    },
  });
}

export const describeReplyError = (error: Error) => describeThreadError(error, THREAD_NOT_FOUND_FOR_MESSAGE, SEND_FAILED_MESSAGE);

export function useResolveThread(record: ThreadRecord, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resolveThread(record, threadId),
    onSuccess: async (thread) => {
      queryClient.setQueryData<ThreadListResponse>(threadQueryKeys.list(record), (list) => withThread(list, thread));
      await queryClient.invalidateQueries({ queryKey: threadQueryKeys.list(record) });
    },
  });
}

export const describeResolveError = (error: Error) => describeThreadError(error, THREAD_NOT_FOUND_FOR_UPDATE, RESOLVE_FAILED_MESSAGE);
