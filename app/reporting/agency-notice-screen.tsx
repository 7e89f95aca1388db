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
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgencyNoticeDetail } from '../../common/api/agency-engagements';
import { formatDate, formatDateTime } from '../../common/dates';
import { formatCents } from '../../common/money';
import { canConfirm, canDispute, disputeReasonLabel } from '../../common/reporting/agency-responses';
import { FactsList } from '../lib/lists/facts-list';
import { getProductTeamName } from '../lib/product-team';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { AgencyAnswerScreen, ConfirmAnswerAction, type AnswerOutcome, type RecordWords } from './agency-answer-screen';
import { AgencyConversation, FORMER_MEMBER } from './agency-conversation';
import { useAgencyNotice, useConfirmNotice, useReloadAgencyNotices, useSendNoticeMessage } from './agency-reporting-api';
import { agencyReportingPaths } from './agency-reporting-paths';
import { ALREADY_ANSWERED_MESSAGE, AgencyResponseTag, answeredBy } from './agency-response';
import { confidentialityFacts } from './confidentiality-facts';
import { isConfidential } from '../../common/reporting/confidentiality';

export const CONFIRM_ACTION = 'Confirm this engagement';
export const DISPUTE_ACTION = 'Dispute this engagement';
export const REPORTS_OF_ENGAGEMENT_LINK = 'Billing reports for this engagement';
export const AGENCY_OPEN_DATA_LINK = 'mark it confidential';
export const AGENCY_CHANGE_OPEN_DATA_LINK = 'Change your answer about open data';

const backLink = <Link to={agencyReportingPaths.engagementNotices()}>Back to the engagement notices</Link>;

export const NOTICE_WORDS: RecordWords = {
  noun: 'engagement notice',
  missing: 'There is no engagement notice naming your agency at this address.',
  backLink,
};

export function AgencyNoticeScreen() {
  const id = useRecordIdParam();
  const notice = useAgencyNotice(id);
  const reload = useReloadAgencyNotices();
  return (
    <AgencyAnswerScreen
      id={id}
      record={notice}
      words={NOTICE_WORDS}
      title={(data) => data.title}
      fallbackTitle="Engagement notice"
      caption={(data) => <p className="review-caption">Engagement notice from {data.supplier.name}</p>}
      alreadyAnswered={ALREADY_ANSWERED_MESSAGE}
      reload={reload}
    >
      {(data, outcome) => <NoticeDetails notice={data} outcome={outcome} />}
    </AgencyAnswerScreen>
  );
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
    ...confidentialityFacts(notice.confidentiality, notice.response.status, 'submitted'),
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
        {notice.confidentiality.canChange && (
          <p>
            {notice.confidentiality.agencyReason === null ? (
              <>
                Once you confirm it, the engagement is published as open data. If it must stay confidential,{' '}
                <Link to={agencyReportingPaths.noticeConfidentiality(notice.id)}>{AGENCY_OPEN_DATA_LINK}</Link> before you confirm it.
              </>
            ) : (
              <>
                Your agency marked this engagement confidential, so it will not be published as open data.{' '}
                <Link to={agencyReportingPaths.noticeConfidentiality(notice.id)}>{AGENCY_CHANGE_OPEN_DATA_LINK}</Link>
              </>
            )}
          </p>
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

function ConfirmAction({ notice, outcome }: { notice: AgencyNoticeDetail; outcome: AnswerOutcome }) {
  const confirmation = useConfirmNotice(notice.id);
  const team = getProductTeamName();
  return (
    <ConfirmAnswerAction
      confirmation={confirmation}
      outcome={outcome}
      action={CONFIRM_ACTION}
      dialogTitle="Confirm this engagement?"
      alreadyAnswered={ALREADY_ANSWERED_MESSAGE}
      confirmed={`You confirmed this engagement. The ${team} and ${notice.supplier.name} can now see that it happened as described.`}
    >
      <p>
        Confirming tells the {team} and {notice.supplier.name} that your agency engaged {notice.supplier.name} for ‘{notice.title}’ as this notice
        describes it: its services, dates and value.
      </p>
      <p>
        {isConfidential(notice.confidentiality)
          ? 'It stays out of open data: it is marked confidential.'
          : 'The engagement is then published as open data, and each month’s billing once you confirm it. This cannot be taken back.'}
      </p>
    </ConfirmAnswerAction>
  );
}

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
  return (
    <AgencyConversation
      subject="dispute"
      thread={dispute}
      supplierName={notice.supplier.name}
      isOpen={notice.response.status === 'disputed'}
      closedMessage="Your agency confirmed this engagement, so the conversation is closed."
      send={send}
      alreadyAnswered={ALREADY_ANSWERED_MESSAGE}
      onConflict={onConflict}
    />
  );
}
