/**
 * The console's /inbox/{threadId}: one thread as the team reads it: whose it is and what about,
 * its messages (earlier ones on request), a reply as the team with an optional attachment (the
 * messages panel's form), and resolving it after a confirmation that says what it will do.
 */
import '../styles/reporting.css';
import '../styles/threads.css';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminThread, ThreadMessage } from '../../common/api/threads';
import { formatDateTime } from '../../common/dates';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { getProductTeamName } from '../lib/product-team';
import { useScreenTitle } from '../lib/routing';
import { FactsList } from '../reporting/record-details';
import { MessageForm } from './message-form';
import { REPLY_SENT_ANNOUNCEMENT, UNKNOWN_AUTHOR } from './messages';
import { teamInboxPaths } from './team-inbox-paths';
import { fetchTeamEarlierMessages, useTeamReply, useTeamResolve, useTeamThread } from './team-threads-api';
import { ThreadMessages } from './thread-item';
import { ThreadStatusTag, ThreadSubjectLink } from './thread-subject-link';
import { describeReplyError, describeResolveError } from './use-threads';

const backLink = <Link to={teamInboxPaths.inbox()}>Back to the inbox</Link>;

/** Who wrote a message, as the team reads it: the person, and the team or the supplier they wrote for. */
export function teamMessageAuthor(message: ThreadMessage, supplierName: string): string {
  if (message.isFromStaff) {
    return `${message.authorName ?? 'A former team member'} (${getProductTeamName()})`;
  }
  return `${message.authorName ?? UNKNOWN_AUTHOR} (${supplierName})`;
}

export function TeamThreadScreen() {
  const { threadId = '' } = useParams();
  const isValidId = /^[1-9][0-9]{0,9}$/.test(threadId);
  const thread = useTeamThread(isValidId ? Number(threadId) : 0);
  if (!isValidId || (thread.error instanceof ApiError && thread.error.status === 404)) {
    return (
      <Screen title="Message thread">
        <p>There is no message thread at this address. The link may be wrong.</p>
        <p>{backLink}</p>
      </Screen>
    );
  }
  if (thread.isError) {
    return (
      <Screen title="Message thread">
        <ErrorState message={`We could not load this thread. ${describeApiFailure(thread.error)}`} onRetry={() => void thread.refetch()} />
      </Screen>
    );
  }
  if (thread.isPending) {
    return (
      <Screen title="Message thread">
        <LoadingState label="Loading the thread…" />
      </Screen>
    );
  }
  return <ThreadDetails thread={thread.data} />;
}

function ThreadDetails({ thread }: { thread: AdminThread }) {
  useScreenTitle(thread.title);
  const reply = useTeamReply(thread.id);
  const [announcement, setAnnouncement] = useState('');
  const [message, setMessage] = useState('');
  const messageRef = useRef<HTMLDivElement>(null);
  const author = (written: ThreadMessage) => teamMessageAuthor(written, thread.supplierTradingName);

  return (
    <Screen title={thread.title}>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div role="status" className="reporting-screen__message" ref={messageRef} tabIndex={-1}>
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <FactsList
        facts={[
          ['Supplier', thread.supplierTradingName],
          ['About', <ThreadSubjectLink key="about" model={thread.model} recordId={thread.recordId} />],
          ['Status', <ThreadStatusTag key="status" isResolved={thread.isResolved} />],
          ['Started', formatDateTime(thread.createdAt)],
          ['Last message', formatDateTime(thread.updatedAt)],
        ]}
      />
      <section aria-labelledby="thread-messages-heading" className="team-thread">
        <h2 id="thread-messages-heading">Messages</h2>
        <ThreadMessages
          thread={thread}
          fetchEarlier={(beforeId) => fetchTeamEarlierMessages(thread.id, beforeId)}
          onAnnounce={setAnnouncement}
          author={author}
        />
      </section>
      <section aria-labelledby="thread-reply-heading" className="team-thread__reply">
        <h2 id="thread-reply-heading">Reply</h2>
        <p className="hint">
          The supplier sees your reply in their messages, from the {getProductTeamName()}.
          {thread.isResolved ? ' This thread is resolved: replying reopens it.' : ''}
        </p>
        <MessageForm
          hasTitle={false}
          summaryHeadingLevel={3}
          contentLabel="Your reply"
          submitLabel="Send reply"
          isSending={reply.isPending}
          sendError={reply.isError ? describeReplyError(reply.error) : null}
          onSend={(draft) =>
            reply.mutateAsync(draft).then(() => {
              setMessage('');
              setAnnouncement(REPLY_SENT_ANNOUNCEMENT);
            })
          }
        />
      </section>
      {!thread.isResolved && (
        <ResolveThread
          thread={thread}
          onResolved={() => {
            setMessage(`You marked “${thread.title}” as resolved. It has left the inbox's open threads.`);
            requestAnimationFrame(() => messageRef.current?.focus());
          }}
        />
      )}
      <p>{backLink}</p>
    </Screen>
  );
}

/** Resolving asks first, naming the thread and what resolving does; the dialog shows a refusal. */
function ResolveThread({ thread, onResolved }: { thread: AdminThread; onResolved: () => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const resolve = useTeamResolve(thread.id);
  return (
    <div className="reporting-actions">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          resolve.reset();
          setIsConfirming(true);
        }}
      >
        Mark as resolved
      </button>
      {isConfirming && (
        <ConfirmDialog
          title="Mark this thread as resolved?"
          confirmLabel="Mark as resolved"
          isPending={resolve.isPending}
          errorMessage={resolve.isError ? describeResolveError(resolve.error) : undefined}
          onCancel={() => setIsConfirming(false)}
          onConfirm={() => {
            // A promise, not mutate's callbacks: this component is gone once the thread shows resolved.
            resolve.mutateAsync().then(onResolved, () => {
              // Shown in the dialog from resolve.error.
            });
          }}
        >
          <p>
            “{thread.title}” from {thread.supplierTradingName} will leave the inbox&apos;s open threads, and the supplier will see it as resolved. A
            reply from the team reopens it.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
