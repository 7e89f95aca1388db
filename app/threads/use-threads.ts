/** TanStack Query hooks of one record's threads: the list and the three changes (spec §4 "Threads"). */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarlierMessagesResponse, Thread, ThreadListResponse, ThreadMessage } from '../../common/api/threads';
import { ApiError } from '../lib/api';
import { UploadError } from '../lib/upload';
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
import { supplierMessagesQueryKeys } from './supplier-messages-api';

/** What the person wrote; the attachment is uploaded before the message is sent. */
export interface MessageDraft {
  content: string;
  attachment: File | null;
}

export interface ThreadDraft extends MessageDraft {
  title: string;
}

/** One page of the record's threads, newest first. Spec §8: when the load fails the list is empty (`threads`). */
export function useThreads(record: ThreadRecord, page = 1) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: threadQueryKeys.page(record, page),
    queryFn: async ({ signal }) => {
      const listed = await fetchThreads(record, page, signal);
      // Loading them read them (the server marks them): the messages list and its count change.
      void queryClient.invalidateQueries({ queryKey: supplierMessagesQueryKeys.all });
      return listed;
    },
  });
  const threads: readonly Thread[] = query.data?.threads ?? [];
  return { ...query, threads };
}

async function uploadIfAny(attachment: File | null): Promise<string | null> {
  return attachment ? uploadAttachment(attachment) : null;
}

/** Puts `thread` in a cached page in place of the one with its id, or first on the first page when it is new. */
function withThread(list: ThreadListResponse | undefined, thread: Thread): ThreadListResponse | undefined {
  if (!list) {
    return list;
  }
  const isKnown = list.threads.some((candidate) => candidate.id === thread.id);
  if (!isKnown && list.page !== 1) {
    return list;
  }
  return {
    ...list,
    threads: isKnown ? list.threads.map((candidate) => (candidate.id === thread.id ? thread : candidate)) : [thread, ...list.threads],
    total: isKnown ? list.total : list.total + 1,
  };
}

/** Messages in order (oldest first), each once. */
function mergeMessages(...lists: (readonly ThreadMessage[])[]): ThreadMessage[] {
  const byId = new Map<number, ThreadMessage>();
  for (const message of lists.flat()) {
    byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/**
 * A thread's messages as shown: the latest page the list brought, plus the earlier pages the
 * person asked for ('Show earlier messages'). When new messages push some out of the latest page
 * while earlier ones are shown, the messages in between are fetched again, so nothing goes missing.
 */
export function useThreadMessages(
  thread: Pick<Thread, 'messages' | 'hasEarlierMessages'>,
  /** Reads the page before a message: the record's thread route, or the team's. */
  fetchEarlier: (beforeId: number) => Promise<EarlierMessagesResponse>,
) {
  const [earlier, setEarlier] = useState<ThreadMessage[]>([]);
  const [hasEarlier, setHasEarlier] = useState(thread.hasEarlierMessages);
  const loadEarlier = useMutation({ mutationFn: fetchEarlier });
  const { mutate: fetchPage } = loadEarlier;
  const latestOldestId = thread.messages[0]?.id;
  const earlierNewestId = earlier.at(-1)?.id;

  useEffect(() => {
    if (earlierNewestId === undefined || latestOldestId === undefined || latestOldestId <= earlierNewestId) {
      return;
    }
    // A bridge: the messages just before the latest page, merged with what is shown.
    fetchPage(latestOldestId, { onSuccess: (page) => setEarlier((shown) => mergeMessages(shown, page.messages)) });
  }, [earlierNewestId, latestOldestId, fetchPage]);

  const messages = mergeMessages(earlier, thread.messages);
  /** Loads the page before the oldest shown message; resolves to how many came and whether more are left. */
  const showEarlier = async (): Promise<{ count: number; hasMore: boolean }> => {
    const oldest = messages[0];
    if (oldest === undefined) {
      return { count: 0, hasMore: false };
    }
    const page = await loadEarlier.mutateAsync(oldest.id);
    setEarlier((shown) => mergeMessages(page.messages, shown));
    setHasEarlier(page.hasEarlierMessages);
    return { count: page.messages.length, hasMore: page.hasEarlierMessages };
  };
  return {
    messages,
    hasEarlierMessages: earlier.length === 0 ? thread.hasEarlierMessages : hasEarlier,
    showEarlier,
    isLoadingEarlier: loadEarlier.isPending,
    earlierError: loadEarlier.error,
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
      queryClient.setQueriesData<ThreadListResponse>({ queryKey: threadQueryKeys.list(record) }, (list) => withThread(list, thread));
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
      queryClient.setQueriesData<ThreadListResponse>({ queryKey: threadQueryKeys.list(record) }, (list) =>
        list && {
          ...list,
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
      queryClient.setQueriesData<ThreadListResponse>({ queryKey: threadQueryKeys.list(record) }, (list) => withThread(list, thread));
      await queryClient.invalidateQueries({ queryKey: threadQueryKeys.list(record) });
    },
  });
}

export const describeResolveError = (error: Error) => describeThreadError(error, THREAD_NOT_FOUND_FOR_UPDATE, RESOLVE_FAILED_MESSAGE);
