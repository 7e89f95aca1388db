/** Texts of the messages panel, the spec's (§5, §8) word for word, in one place for the panel and its tests. */

/** Spec §5/§8: an upload that did not report success with a file id, and the server named no error. */
export { UPLOAD_FAILED_MESSAGE } from '../lib/upload';

/** Spec §8: replying to, or resolving, a thread the API does not find (404); the API's texts, written once. */
export { THREAD_NOT_FOUND_FOR_MESSAGE, THREAD_NOT_FOUND_FOR_UPDATE } from '../../common/api/threads';

/** Any other failure to send; the server's own message is shown when it sent one. */
export const SEND_FAILED_MESSAGE = 'Your message could not be sent. Try again.';
export const RESOLVE_FAILED_MESSAGE = 'The thread could not be marked resolved. Try again.';
export const EARLIER_FAILED_MESSAGE = 'The earlier messages could not be loaded. Try again.';
export const DOWNLOAD_FAILED_MESSAGE = 'The attachment could not be downloaded. Try again.';

/** Shown beside the (empty) list when the threads could not be loaded (spec §8: the list is empty). */
export const LOAD_FAILED_MESSAGE = 'We could not load your messages.';
export const NO_THREADS_MESSAGE = 'There are no messages yet.';

/** The author of a message whose account was removed. */
export const UNKNOWN_AUTHOR = 'A former user';

/** Announced in the panel's live region. */
export const THREAD_STARTED_ANNOUNCEMENT = 'Your thread was started.';
export const REPLY_SENT_ANNOUNCEMENT = 'Your reply was sent.';
export const THREAD_RESOLVED_ANNOUNCEMENT = 'The thread was marked resolved.';

export function earlierMessagesAnnouncement(count: number): string {
  return count === 1 ? '1 earlier message is shown.' : `${String(count)} earlier messages are shown.`;
}
