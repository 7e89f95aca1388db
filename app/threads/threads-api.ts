/**
 * The thread calls of spec §7 for one record (`{model}/{id}`): list, start, reply, resolve, a long
 * thread's earlier messages, and the attachment upload that comes first (POST /api/v1/upload,
 * folder MessageAttachments).
 */
import {
  EarlierMessagesResponseSchema,
  ThreadListResponseSchema,
  ThreadMessageSchema,
  ThreadSchema,
  type CreateThreadRequest,
  type EarlierMessagesResponse,
  type PostMessageRequest,
  type Thread,
  type ThreadListResponse,
  type ThreadMessage,
} from '../../common/api/threads';
import type { UploadFolder } from '../../common/api/uploads';
import { apiFetch } from '../lib/api';
import { uploadFile } from '../lib/upload';

/** The record a panel's threads hang on (spec §3: keyed by parent model plus id). */
export interface ThreadRecord {
  model: string;
  recordId: number;
}

const MESSAGE_ATTACHMENTS_FOLDER: UploadFolder = 'MessageAttachments';

export const threadQueryKeys = {
  /** Every page of the record's threads. */
  list: ({ model, recordId }: ThreadRecord) => ['threads', model, recordId] as const,
  page: (record: ThreadRecord, page: number) => [...threadQueryKeys.list(record), page] as const,
};

function threadsPath({ model, recordId }: ThreadRecord): string {
  return `${encodeURIComponent(model)}/${recordId}/thread`;
}

/** One page of the record's threads, newest first (the first page without `?page=`). */
export function fetchThreads(record: ThreadRecord, page: number, signal?: AbortSignal): Promise<ThreadListResponse> {
  return apiFetch(page > 1 ? `${threadsPath(record)}?page=${String(page)}` : threadsPath(record), ThreadListResponseSchema, { signal });
}

/** Uploads a message attachment (spec §5, §8); resolves to its file id or throws UploadError with the text to show. */
export async function uploadAttachment(file: File): Promise<string> {
  return (await uploadFile(file, MESSAGE_ATTACHMENTS_FOLDER)).id;
}

export function createThread(record: ThreadRecord, request: CreateThreadRequest): Promise<Thread> {
  return apiFetch(threadsPath(record), ThreadSchema, { method: 'POST', body: request });
}

export function postMessage(record: ThreadRecord, threadId: number, request: PostMessageRequest): Promise<ThreadMessage> {
  return apiFetch(`${threadsPath(record)}/${threadId}/message`, ThreadMessageSchema, { method: 'POST', body: request });
}

/** The page of a thread's messages before message `beforeId`, oldest first. */
export function fetchEarlierMessages(record: ThreadRecord, threadId: number, beforeId: number): Promise<EarlierMessagesResponse> {
  return apiFetch(`${threadsPath(record)}/${threadId}/messages?before=${beforeId}`, EarlierMessagesResponseSchema);
}

export function resolveThread(record: ThreadRecord, threadId: number): Promise<Thread> {
  return apiFetch(`${threadsPath(record)}/${threadId}/resolve`, ThreadSchema, { method: 'PUT' });
}
