/**
 * The conversation on an engagement notice's dispute or a billing report's query (issue 31), as the
 * agency reads it: the messages, oldest first, who wrote each, and a reply while the answer is open.
 * Shared by ./agency-notice-screen.tsx and ./agency-report-screen.tsx, which name what is talked about.
 */
import '../styles/threads.css';
import { useState } from 'react';
import type { ThreadMessage } from '../../common/api/threads';
import { ApiError } from '../lib/api-error';
import { getProductTeamName } from '../lib/product-team';
import { MessageForm, MessageItem } from '../threads/public';
import { answerProblem } from './agency-response';

export const MESSAGE_SENT_ANNOUNCEMENT = 'Your message was sent.';
export const FORMER_MEMBER = 'A former member of your agency';

/** Who wrote a message of the dispute, as the agency reads it: its own people, the supplier, or the team as one voice. */
export function disputeMessageAuthor(message: ThreadMessage, supplierName: string): string {
  if (message.isFromAgency) {
    return `${message.authorName ?? FORMER_MEMBER} (your agency)`;
  }
  if (message.isFromTeam) {
    return getProductTeamName();
  }
  return `${message.authorName ?? 'A former user'} (${supplierName})`;
}

/** What sends a message: the notice's or the report's mutation. */
export interface MessageSending {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutateAsync: (request: { content: string }) => Promise<unknown>;
}

export interface AgencyConversationProps {
  /** What the messages are about: 'dispute' or 'query'. */
  subject: string;
  thread: { isResolved: boolean; messages: ThreadMessage[] };
  supplierName: string;
  /** Whether the agency may still reply (its answer is a dispute or a query). */
  isOpen: boolean;
  /** Why no reply can be written once the answer is confirmed. */
  closedMessage: string;
  send: MessageSending;
  /** The refusal when someone in the agency answered first (409). */
  alreadyAnswered: string;
  onConflict: () => void;
}

export function AgencyConversation({ subject, thread, supplierName, isOpen, closedMessage, send, alreadyAnswered, onConflict }: AgencyConversationProps) {
  const [announcement, setAnnouncement] = useState('');
  const title = `Messages about the ${subject}`;
  return (
    <section aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">{title}</h2>
      <p>The supplier and the {getProductTeamName()} read these messages and write here too.</p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {thread.messages.length === 0 ? (
        <p>There are no messages yet.</p>
      ) : (
        <ol className="thread__messages" aria-label={title}>
          {thread.messages.map((written) => (
            <MessageItem key={written.id} message={written} author={(item) => disputeMessageAuthor(item, supplierName)} />
          ))}
        </ol>
      )}
      {thread.isResolved && <p className="hint">The {getProductTeamName()} marked this conversation resolved.</p>}
      {isOpen ? (
        <MessageForm
          hasTitle={false}
          hasAttachment={false}
          contentLabel="Your message"
          submitLabel="Send message"
          summaryHeadingLevel={3}
          isSending={send.isPending}
          sendError={send.isError ? answerProblem(send.error, alreadyAnswered) : null}
          onSend={({ content }) =>
            send.mutateAsync({ content }).then(
              () => {
                setAnnouncement(MESSAGE_SENT_ANNOUNCEMENT);
              },
              (error: unknown) => {
                if (error instanceof ApiError && error.status === 409) {
                  onConflict();
                }
                throw error;
              },
            )
          }
        />
      ) : (
        <p className="hint">{closedMessage}</p>
      )}
    </section>
  );
}
