/**
 * The team app's /inbox/{threadId}: one thread as the team reads it: whose it is and what about,
 * its messages (earlier ones on request), a reply as the team with an optional attachment (the
 * messages panel's form), assigning it to a team member, and resolving it after a confirmation
 * that says what it will do. Opening it marks it read for the reader (on the server), so the
 * unread counts are read again.
 */
import '../styles/lists.css';
import '../styles/threads.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TeamThread, ThreadMessage } from '../../common/api/threads';
import { formatDateTime } from '../../common/dates';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { getProductTeamName } from '../lib/product-team';
import { useScreenTitle } from '../lib/routing';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { FactsList } from '../lib/lists/facts-list';
import { MessageForm } from './message-form';
import { REPLY_SENT_ANNOUNCEMENT, UNKNOWN_AUTHOR } from './messages';
import { useTeamMembers } from '../team-members/public';
import { teamInboxPaths } from './team-inbox-paths';
import { fetchTeamEarlierMessages, teamThreadQueryKeys, useAssignThread, useTeamReply, useTeamResolve, useTeamThread } from './team-threads-api';
import { agencyMessageAuthor, ThreadMessages } from './thread-item';
import { ThreadStatusTag, ThreadSubjectLink } from './thread-subject-link';
import { describeReplyError, describeResolveError } from './use-threads';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

const backLink = <Link to={teamInboxPaths.inbox()}>Back to the inbox</Link>;

/** Who wrote a message, as the team reads it: the person, and the team, the agency (a disputed notice's) or the supplier they wrote for. */
export function teamMessageAuthor(message: ThreadMessage, supplierName: string): string {
  if (message.isFromTeam) {
    return `${message.authorName ?? 'A former team member'} (${getProductTeamName()})`;
  }
  if (message.isFromAgency) {
    return agencyMessageAuthor(message);
  }
  return `${message.authorName ?? UNKNOWN_AUTHOR} (${supplierName})`;
}

export function TeamThreadScreen() {
  const threadId = useRecordIdParam('threadId');
  const thread = useTeamThread(threadId);
  if (threadId === 0 || (thread.error instanceof ApiError && thread.error.status === 404)) {
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

function ThreadDetails({ thread }: { thread: TeamThread }) {
  useScreenTitle(thread.title);
  const reply = useTeamReply(thread.id);
  const [announcement, setAnnouncement] = useState('');
  const [message, setMessage] = useState('');
  const messageRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const author = (written: ThreadMessage) => teamMessageAuthor(written, thread.supplierTradingName);
  const queryClient = useQueryClient();
  // Reading the thread marked it read on the server: the navigation's count and the inbox's rows change.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: teamThreadQueryKeys.unread });
    void queryClient.invalidateQueries({ queryKey: ['team', 'threads', 'list'] });
  }, [queryClient, thread.id]);
  const showMessage = (text: string) => {
    setMessage(text);
    focusAfterRender(messageRef);
  };

  return (
    <Screen title={thread.title}>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div role="status" className="list-screen__message" ref={messageRef} tabIndex={-1}>
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <FactsList
        facts={[
          ['Supplier', thread.supplierTradingName],
          ['About', <ThreadSubjectLink key="about" model={thread.model} recordId={thread.recordId} />],
          ['Status', <ThreadStatusTag key="status" isResolved={thread.isResolved} />],
          ['Assigned to', thread.assignee?.name ?? 'Nobody yet'],
          ['Started', formatDateTime(thread.createdAt)],
          ['Last message', formatDateTime(thread.updatedAt)],
        ]}
      />
      <AssignThread thread={thread} onAssigned={showMessage} />
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
          onResolved={() => showMessage(`You marked “${thread.title}” as resolved. It has left the inbox's open threads.`)}
        />
      )}
      <p>{backLink}</p>
    </Screen>
  );
}

/** What the team sees after assigning: 'You assigned “Invoice query” to Sam Staff.' */
export function assignedMessage(title: string, assigneeName: string | null): string {
  return assigneeName === null ? `“${title}” is no longer assigned to anyone.` : `You assigned “${title}” to ${assigneeName}.`;
}

/**
 * Who looks after the thread: a select of the team's members (and nobody), and a button. Nothing
 * destructive, so no confirmation; the new assignee shows in the facts above and in the message.
 */
function AssignThread({ thread, onAssigned }: { thread: TeamThread; onAssigned: (message: string) => void }) {
  const selectId = useId();
  const members = useTeamMembers();
  const assign = useAssignThread(thread.id);
  const current = thread.assignee === null ? '' : String(thread.assignee.userId);
  const [choice, setChoice] = useState(current);
  const options = [
    { value: '', label: 'Nobody' },
    ...(members.data?.members ?? []).map((member) => ({ value: String(member.id), label: member.isCurrentUser ? `You (${member.name})` : member.name })),
  ];
  if (thread.assignee !== null && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: thread.assignee.name });
  }
  return (
    <section aria-labelledby="thread-assign-heading" className="team-thread__assign">
      <h2 id="thread-assign-heading">Who looks after this thread</h2>
      {members.isError && <p className="alert alert--error">We could not load the team&apos;s members. {describeApiFailure(members.error)}</p>}
      {assign.isError && (
        <p className="alert alert--error" role="alert">
          The thread was not assigned. {describeApiFailure(assign.error)}
        </p>
      )}
      <form
        className="list-controls"
        onSubmit={(event) => {
          event.preventDefault();
          if (assign.isPending) {
            return;
          }
          const userId = choice === '' ? null : Number(choice);
          assign.mutateAsync(userId).then(
            (summary) => onAssigned(assignedMessage(thread.title, summary.assignee?.name ?? null)),
            () => {
              // Shown above from assign.error.
            },
          );
        }}
      >
        <div className="form-field list-controls__field">
          <label className="form-field__label" htmlFor={selectId}>
            Assign to
          </label>
          <select id={selectId} className="form-field__input" value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary" aria-disabled={assign.isPending || undefined}>
          {assign.isPending ? 'Assigning…' : 'Assign'}
        </button>
      </form>
    </section>
  );
}

/** Resolving asks first, naming the thread and what resolving does; the dialog shows a refusal. */
function ResolveThread({ thread, onResolved }: { thread: TeamThread; onResolved: () => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const resolve = useTeamResolve(thread.id);
  return (
    <div className="screen-actions">
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
