/**
 * The agency dashboard's /engagement-notices/{id} (issue 31): one engagement notice naming the
 * active agency, its facts as a summary list, and the agency's answer. While it waits for one:
 * confirm (after a dialog that says what confirming tells people) or dispute (its own page,
 * ./agency-dispute-screen.tsx). Once disputed: the reason and the agency's words, the conversation
 * the supplier and the team write in too, a reply, and confirming once the dispute is settled.
 * Once confirmed: who confirmed and when, nothing more to do, and a link to its billing reports. A
 * refusal because someone else in the agency answered first (409) is said plainly, with the notice
 * as it now is.
 */
import '../styles/lists.css';
import '../styles/reporting.css';
import '../styles/review.css';
import '../styles/threads.css';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgencyNoticeDetail } from '../../common/api/agency-engagements';
import type { ThreadMessage } from '../../common/api/threads';
import { formatDate, formatDateTime } from '../../common/dates';
import { formatCents } from '../../common/money';
import { canConfirm, canDispute, disputeReasonLabel } from '../../common/reporting/agency-responses';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { FactsList } from '../lib/lists/facts-list';
import { getProductTeamName } from '../lib/product-team';
import { useScreenTitle } from '../lib/routing';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { MessageForm, MessageItem } from '../threads/public';
import { useAgencyNotice, useConfirmNotice, useReloadAgencyNotices, useSendNoticeMessage } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { ALREADY_ANSWERED_MESSAGE, AgencyResponseTag, answerProblem, answeredBy } from './agency-response';

export const CONFIRM_ACTION = 'Confirm this engagement';
export const DISPUTE_ACTION = 'Dispute this engagement';
export const MESSAGE_SENT_ANNOUNCEMENT = 'Your message was sent.';
export const REPORTS_OF_ENGAGEMENT_LINK = 'Billing reports for this engagement';
const FORMER_MEMBER = 'A former member of your agency';

const backLink = <Link to={agencyReportingPaths.engagementNotices()}>Back to the engagement notices</Link>;

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

export function AgencyNoticeScreen() {
  const id = useRecordIdParam();
  const notice = useAgencyNotice(id);
  const reload = useReloadAgencyNotices();
  const { headingRef, focusHeading } = useHeadingFocus();
  // "You disputed…", from the dispute page; then this screen's own.
  const [message, setMessage] = useFlashMessage();
  const [conflict, setConflict] = useState('');
  useScreenTitle(notice.data?.title);

  const outcome: AnswerOutcome = {
    answered: (text) => {
      setConflict('');
      setMessage(text);
      focusHeading();
    },
    conflicted: () => {
      setMessage('');
      setConflict(ALREADY_ANSWERED_MESSAGE);
      void reload();
      focusHeading();
    },
  };

  let content: ReactNode;
  if (id === 0 || (notice.error instanceof ApiError && notice.error.status === 404)) {
    content = (
      <>
        <p>There is no engagement notice naming your agency at this address. The link may be wrong.</p>
        <p>{backLink}</p>
      </>
    );
  } else if (notice.isError) {
    content = <ErrorState message={`We could not load this engagement notice. ${describeApiFailure(notice.error)}`} onRetry={() => void notice.refetch()} />;
  } else if (notice.isPending) {
    content = <LoadingState label="Loading the engagement notice…" />;
  } else {
    content = <NoticeDetails notice={notice.data} outcome={outcome} />;
  }

  return (
    <div className="screen list-screen review-screen agency-notice">
      {notice.data && <p className="review-caption">Engagement notice from {notice.data.supplier.name}</p>}
      <h1 ref={headingRef} tabIndex={-1}>
        {notice.data?.title ?? 'Engagement notice'}
      </h1>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {conflict !== '' && (
        <p className="alert alert--error" role="alert">
          {conflict}
        </p>
      )}
      {content}
    </div>
  );
}

interface AnswerOutcome {
  /** Saved: the sentence to announce. */
  answered: (message: string) => void;
  /** Someone in the agency answered first (409): the notice is read again. */
  conflicted: () => void;
}

/** The notice's facts as the agency reads them. */
export function agencyNoticeFacts(notice: AgencyNoticeDetail): [string, ReactNode][] {
  return [
    ['Supplier', notice.supplier.name],
    ['Engagement', notice.title],
    ['Your reference', notice.reference ?? 'Not given'],
    [
      'Services',
      notice.services.length === 0 ? (
        'Not given'
      ) : (
        <ul className="plain-list">
          {notice.services.map((service) => (
            <li key={service.id}>{service.title}</li>
          ))}
        </ul>
      ),
    ],
    ['Start date', notice.startDate === null ? 'Not given' : formatDate(notice.startDate)],
    ['End date', notice.endDate === null ? 'Not given' : formatDate(notice.endDate)],
    ['Value (NZD, excluding GST)', notice.valueCents === null ? 'Not given' : formatCents(notice.valueCents)],
    ['Description', notice.description === null ? 'Not given' : <span className="reporting-notes">{notice.description}</span>],
    ['Sent', formatDateTime(notice.submittedAt)],
  ];
}

function NoticeDetails({ notice, outcome }: { notice: AgencyNoticeDetail; outcome: AnswerOutcome }) {
  const { status } = notice.response;
  return (
    <>
      <FactsList facts={agencyNoticeFacts(notice)} />
      <section aria-labelledby="answer-heading">
        <h2 id="answer-heading">Your agency&apos;s answer</h2>
        {status === 'awaiting' ? (
          <p>
            Your agency has not answered yet. Confirm the engagement if the notice describes it correctly. If something in it is wrong, dispute it and
            say what.
          </p>
        ) : (
          <FactsList facts={answerFacts(notice)} />
        )}
        {status === 'disputed' && (
          <p>Once you have settled the dispute with the supplier and the {getProductTeamName()}, confirm the engagement.</p>
        )}
        {status === 'confirmed' && (
          <>
            <p>A confirmed engagement notice is final: there is nothing more to do. Each month, the supplier reports what it billed for it.</p>
            <p>
              <Link to={agencyReportingPaths.billingReports(`?engagementNotice=${String(notice.id)}`)}>{REPORTS_OF_ENGAGEMENT_LINK}</Link>
            </p>
          </>
        )}
        {canConfirm(status) && (
          <div className="screen-actions">
            <ConfirmAction notice={notice} outcome={outcome} />
            {canDispute(status) && (
              <Link className="button button--secondary" to={agencyReportingPaths.disputeNotice(notice.id)}>
                {DISPUTE_ACTION}
              </Link>
            )}
          </div>
        )}
      </section>
      {notice.dispute !== null && <DisputeConversation notice={notice} dispute={notice.dispute} onConflict={outcome.conflicted} />}
      <p>{backLink}</p>
    </>
  );
}

function answerFacts(notice: AgencyNoticeDetail): [string, ReactNode][] {
  const { response } = notice;
  const facts: [string, ReactNode][] = [['Answer', <AgencyResponseTag key="answer" status={response.status} isOwn />]];
  if (response.status === 'confirmed') {
    facts.push(['Confirmed by', answeredBy(response, FORMER_MEMBER)]);
  }
  if (response.status === 'disputed') {
    facts.push(
      ['Why you disputed it', response.disputeReason === null ? 'Not given' : disputeReasonLabel(response.disputeReason)],
      ['What is wrong', <span key="details" className="reporting-notes">{response.disputeDetails ?? 'Not given'}</span>],
      ['Disputed by', answeredBy(response, FORMER_MEMBER)],
    );
  }
  return facts;
}

/** Confirm, after a dialog that says what confirming tells people; a refusal other than 409 stays in the dialog. */
function ConfirmAction({ notice, outcome }: { notice: AgencyNoticeDetail; outcome: AnswerOutcome }) {
  const [isAsking, setIsAsking] = useState(false);
  const confirmation = useConfirmNotice(notice.id);
  const team = getProductTeamName();
  const close = () => {
    confirmation.reset();
    setIsAsking(false);
  };
  return (
    <>
      <button type="button" className="button" onClick={() => setIsAsking(true)}>
        {CONFIRM_ACTION}
      </button>
      {isAsking && (
        <ConfirmDialog
          title="Confirm this engagement?"
          confirmLabel="Yes, confirm it"
          isPending={confirmation.isPending}
          errorMessage={confirmation.isError ? answerProblem(confirmation.error) : undefined}
          onConfirm={() => {
            // A promise, not mutate's callbacks: this button is gone once the notice shows confirmed.
            confirmation.mutateAsync().then(
              () => {
                close();
                outcome.answered(`You confirmed this engagement. The ${team} and ${notice.supplier.name} can now see that it happened as described.`);
              },
              (error: unknown) => {
                if (error instanceof ApiError && error.status === 409) {
                  close();
                  outcome.conflicted();
                }
                // Any other failure shows in the dialog (confirmation.error).
              },
            );
          }}
          onCancel={close}
        >
          <p>
            Confirming tells the {team} and {notice.supplier.name} that your agency engaged {notice.supplier.name} for ‘{notice.title}’ as this notice
            describes it: its services, dates and value.
          </p>
          <p>You cannot change your answer once you have confirmed.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The dispute's messages, oldest first, and a reply while the notice is disputed. */
function DisputeConversation({
  notice,
  dispute,
  onConflict,
}: {
  notice: AgencyNoticeDetail;
  dispute: NonNullable<AgencyNoticeDetail['dispute']>;
  onConflict: () => void;
}) {
  const send = useSendNoticeMessage(notice.id);
  const [announcement, setAnnouncement] = useState('');
  const isOpen = notice.response.status === 'disputed';
  return (
    <section aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">Messages about the dispute</h2>
      <p>The supplier and the {getProductTeamName()} read these messages and write here too.</p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {dispute.messages.length === 0 ? (
        <p>There are no messages yet.</p>
      ) : (
        <ol className="thread__messages" aria-label="Messages about the dispute">
          {dispute.messages.map((written) => (
            <MessageItem key={written.id} message={written} author={(item) => disputeMessageAuthor(item, notice.supplier.name)} />
          ))}
        </ol>
      )}
      {dispute.isResolved && <p className="hint">The {getProductTeamName()} marked this conversation resolved.</p>}
      {isOpen ? (
        <MessageForm
          hasTitle={false}
          hasAttachment={false}
          contentLabel="Your message"
          submitLabel="Send message"
          summaryHeadingLevel={3}
          isSending={send.isPending}
          sendError={send.isError ? answerProblem(send.error) : null}
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
        <p className="hint">Your agency confirmed this engagement, so the conversation is closed.</p>
      )}
    </section>
  );
}
