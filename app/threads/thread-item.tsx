import { useEffect, useId, useRef, useState } from 'react';
import type { EarlierMessagesResponse, Thread, ThreadMessage } from '../../common/api/threads';
import { formatDateTime } from '../../common/dates';
import { AttachmentDownload } from './attachment-download';
import { MessageForm } from './message-form';
import { getProductTeamName } from '../lib/product-team';
import {
  EARLIER_FAILED_MESSAGE,
  earlierMessagesAnnouncement,
  REPLY_SENT_ANNOUNCEMENT,
  THREAD_RESOLVED_ANNOUNCEMENT,
  UNKNOWN_AUTHOR,
} from './messages';
import { fetchEarlierMessages, type ThreadRecord } from './threads-api';
import { describeReplyError, describeResolveError, useReplyToThread, useResolveThread, useThreadMessages } from './use-threads';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

/** Who wrote a message, as the supplier sees it: the team is one voice ('{product} team'); the agency of a disputed notice is named as such. */
export function messageAuthor(message: ThreadMessage): string {
  if (message.isFromTeam) {
    return getProductTeamName();
  }
  if (message.isFromAgency) {
    return agencyMessageAuthor(message);
  }
  return message.authorName ?? UNKNOWN_AUTHOR;
}

/** A message from the agency a disputed engagement notice names (issue 31): 'Name (agency)'. */
export function agencyMessageAuthor(message: ThreadMessage): string {
  return `${message.authorName ?? UNKNOWN_AUTHOR} (agency)`;
}

/** One message: who wrote it (as `author` names them), when, what, and its attachment. */
export function MessageItem({ message, author = messageAuthor }: { message: ThreadMessage; author?: (message: ThreadMessage) => string }) {
  return (
    <li className={message.isFromTeam ? 'thread-message thread-message--staff' : 'thread-message'}>
      <p className="thread-message__meta">
        <span className="thread-message__author">{author(message)}</span>{' '}
        <time className="thread-message__time" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </p>
      <p className="thread-message__content">{message.content}</p>
      {message.attachment && <AttachmentDownload attachment={message.attachment} />}
    </li>
  );
}

/** Resolving asks first; the question takes focus and Cancel gives it back. */
function ResolveThread({ record, thread, onAnnounce }: { record: ThreadRecord; thread: Thread; onAnnounce: (text: string) => void }) {
  const questionId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const resolveButtonRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const resolve = useResolveThread(record, thread.id);

  useEffect(() => {
    if (isConfirming) {
      questionRef.current?.focus();
    }
  }, [isConfirming]);

  if (!isConfirming) {
    return (
      <div className="thread__actions">
        <button ref={resolveButtonRef} type="button" className="button button--secondary" onClick={() => setIsConfirming(true)}>
          Mark as resolved
        </button>
      </div>
    );
  }
  return (
    <div className="thread__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId} className="thread__confirm-question" tabIndex={-1} ref={questionRef}>
        Mark “{thread.title}” as resolved? The team will see that you need nothing more on it.
      </p>
      {resolve.isError && (
        <p className="alert alert--error" role="alert">
          {describeResolveError(resolve.error)}
        </p>
      )}
      <div className="thread__confirm-buttons">
        <button
          type="button"
          className="button"
          disabled={resolve.isPending}
          onClick={() => {
            // A promise, not mutate's callbacks: this component is gone once the thread shows resolved.
            resolve.mutateAsync().then(
              () => onAnnounce(THREAD_RESOLVED_ANNOUNCEMENT),
              () => {
                // Shown from resolve.error.
              },
            );
          }}
        >
          {resolve.isPending ? 'Resolving…' : 'Yes, mark as resolved'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={resolve.isPending}
          onClick={() => {
            resolve.reset();
            setIsConfirming(false);
            focusAfterRender(resolveButtonRef);
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * A thread's messages, oldest first: the latest ones, and a 'Show earlier messages' button that
 * pages back through `fetchEarlier` (the record's thread route, or the team's); the focus moves to
 * the messages once the last page has come. `author` names each message's writer.
 */
export function ThreadMessages({
  thread,
  fetchEarlier,
  onAnnounce,
  author,
}: {
  thread: Pick<Thread, 'title' | 'messages' | 'hasEarlierMessages'>;
  fetchEarlier: (beforeId: number) => Promise<EarlierMessagesResponse>;
  onAnnounce: (text: string) => void;
  author?: (message: ThreadMessage) => string;
}) {
  const { messages, hasEarlierMessages, showEarlier, isLoadingEarlier, earlierError } = useThreadMessages(thread, fetchEarlier);
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterRender = useFocusAfterRender();
  return (
    <>
      {hasEarlierMessages && (
        <div className="thread__earlier">
          <button
            type="button"
            className="button button--secondary"
            disabled={isLoadingEarlier}
            onClick={() => {
              showEarlier().then(
                ({ count, hasMore }) => {
                  onAnnounce(earlierMessagesAnnouncement(count));
                  if (!hasMore) {
                    // The button goes with the last page: the focus moves to the messages, not to the page's start.
                    focusAfterRender(listRef);
                  }
                },
                () => {
                  // Shown from earlierError.
                },
              );
            }}
          >
            {isLoadingEarlier ? 'Loading earlier messages…' : 'Show earlier messages'}
          </button>
          {earlierError && (
            <p className="alert alert--error" role="alert">
              {EARLIER_FAILED_MESSAGE}
            </p>
          )}
        </div>
      )}
      <ol className="thread__messages" aria-label={`Messages in ${thread.title}`} ref={listRef} tabIndex={-1}>
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} author={author} />
        ))}
      </ol>
    </>
  );
}

/**
 * One thread: its title and status, the messages oldest first (the latest ones, and earlier ones on
 * request), and replying or resolving while open.
 */
export function ThreadItem({ record, thread, onAnnounce }: { record: ThreadRecord; thread: Thread; onAnnounce: (text: string) => void }) {
  const headingId = useId();
  const reply = useReplyToThread(record, thread.id);
  return (
    <article className="thread" aria-labelledby={headingId} data-thread-id={thread.id}>
      <header className="thread__header">
        <h3 className="thread__title" id={headingId}>
          {thread.title}
        </h3>
        <span className={thread.isResolved ? 'thread__status thread__status--resolved' : 'thread__status'}>
          <span className="visually-hidden">Status: </span>
          {thread.isResolved ? 'Resolved' : 'Open'}
        </span>
      </header>
      <ThreadMessages
        thread={thread}
        fetchEarlier={(beforeId) => fetchEarlierMessages(record, thread.id, beforeId)}
        onAnnounce={onAnnounce}
      />
      {thread.isResolved ? (
        <p className="thread__resolved-note hint">This thread is resolved. Start a new thread if you need more help.</p>
      ) : (
        <>
          <MessageForm
            hasTitle={false}
            contentLabel="Your reply"
            submitLabel="Send reply"
            isSending={reply.isPending}
            sendError={reply.isError ? describeReplyError(reply.error) : null}
            onSend={(draft) =>
              reply.mutateAsync(draft).then(() => {
                onAnnounce(REPLY_SENT_ANNOUNCEMENT);
              })
            }
          />
          <ResolveThread record={record} thread={thread} onAnnounce={onAnnounce} />
        </>
      )}
    </article>
  );
}
