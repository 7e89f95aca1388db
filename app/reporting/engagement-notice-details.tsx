/**
 * /engagement-notices/engagement-notice/{id}: a notice's key facts and every answer, the named
 * agency's answer to it (confirmed, or disputed and why: issue 31), its status history, what has been billed against it, its messages with the marketplace team, and what the
 * supplier can do with it now: continue or delete a draft, withdraw a submitted notice.
 */
import '../styles/lists.css';
import '../styles/reporting.css';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EngagementNoticeResponse } from '../../common/api/engagement-notices';
import { formatDate } from '../../common/dates';
import { isWithdrawable, withdrawnReasonLabel } from '../../common/reporting/engagement-notices';
import { isEditableRecord } from '../../common/reporting/record-status';
import { formatCents } from '../../common/money';
import { useFlashMessage } from '../lib/use-flash-message';
import { agencyResponseFacts } from './agency-response';
import { MessagesPanel } from '../threads/public';
import { billingReportsOfNotice, noticeName } from './list-params';
import { DraftActions, LoadedRecord, RecordAnswers } from './record-details';
import { FactsList } from '../lib/lists/facts-list';
import { engagementNoticeKind } from './reporting-kinds';
import { RecordStatusTag, StatusHistory } from './status-history';
import { WithdrawNoticeForm } from './withdraw-notice-form';
import { confidentialityFacts } from './confidentiality-facts';
import { reportingPaths } from './reporting-paths';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

const kind = engagementNoticeKind;

export const CHANGE_OPEN_DATA_LINK = 'Change whether it is published as open data';

export function EngagementNoticeScreen() {
  return <LoadedRecord kind={kind}>{(notice) => <NoticeDetails notice={notice} />}</LoadedRecord>;
}

function reportCount(count: number): string {
  return count === 1 ? '1 billing report' : `${String(count)} billing reports`;
}

/** What has been billed so far, against the notice's value, in a sentence. */
export function billingSentence(billing: EngagementNoticeResponse['billing']): string {
  const against = billing.valueCents === null ? 'The notice does not give a value.' : `The notice's value is ${formatCents(billing.valueCents)}.`;
  if (billing.reportCount === 0) {
    return `Nothing has been billed against this notice yet. ${against}`;
  }
  const billed = `${formatCents(billing.totalBilledCents)} billed in ${reportCount(billing.reportCount)}`;
  return billing.valueCents === null ? `${billed}. ${against}` : `${billed} against a value of ${formatCents(billing.valueCents)}.`;
}

/** A notice's key facts, as its details screens (the supplier's and the team's) list them, with the agency's answer once sent. */
export function noticeFacts(notice: EngagementNoticeResponse): [string, ReactNode][] {
  const { reference, startDate, endDate } = notice;
  return [
    ['Status', <RecordStatusTag key="status" status={notice.status} />],
    ['Agency', notice.agency?.name ?? 'Not chosen yet'],
    [
      'Services',
      notice.services.length === 0 ? (
        'None chosen yet'
      ) : (
        <ul className="plain-list">
          {notice.services.map((service) => (
            <li key={service.id}>{service.label}</li>
          ))}
        </ul>
      ),
    ],
    ['Agency reference', reference ?? 'None given'],
    ['Start date', startDate === null ? 'Not given yet' : formatDate(startDate)],
    ['End date', endDate === null ? 'Not given yet' : formatDate(endDate)],
    ['Value (excluding GST)', notice.billing.valueCents === null ? 'Not given yet' : formatCents(notice.billing.valueCents)],
    ...(notice.status === 'withdrawn' && notice.withdrawnReason !== null
      ? ([
          [
            'Why it was withdrawn',
            notice.withdrawnReason === 'other' && notice.withdrawnReasonOther ? notice.withdrawnReasonOther : withdrawnReasonLabel(notice.withdrawnReason),
          ],
        ] as [string, ReactNode][])
      : []),
    // The agency answers a notice once it is sent (issue 31).
    ...(isEditableRecord(notice.status) ? [] : agencyResponseFacts(notice.agencyResponse)),
    // Whether it is published as open data (issue 32), once sent.
    ...(isEditableRecord(notice.status) ? [] : confidentialityFacts(notice.confidentiality, notice.agencyResponse.status, notice.status)),
  ];
}

function NoticeDetails({ notice }: { notice: EngagementNoticeResponse }) {
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  // "Submitted", from the submission's last screen; then this screen's own ("Withdrawn").
  const [message, setMessage] = useFlashMessage();
  const withdrawButtonRef = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const name = noticeName(notice);
  const isDraft = isEditableRecord(notice.status);

  return (
    <>
      <p className="reporting-lead">{name}</p>
      <div role="status" className="list-screen__message" ref={messageRef} tabIndex={-1}>
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <FactsList facts={noticeFacts(notice)} />
      {isDraft && (
        <>
          <p>This notice is a draft: it has not been sent to the marketplace team. Continue it to answer the rest and submit it.</p>
          <DraftActions kind={kind} id={notice.id} description={`draft engagement notice ‘${name}’`} />
        </>
      )}
      {notice.confidentiality.canChange && (
        <p>
          <Link to={reportingPaths.noticeConfidentiality(notice.id)}>{CHANGE_OPEN_DATA_LINK}</Link>
        </p>
      )}
      {isWithdrawable(notice.status) && !isWithdrawing && (
        <div className="screen-actions">
          <button type="button" className="button button--secondary" ref={withdrawButtonRef} onClick={() => { setMessage(''); setIsWithdrawing(true); }}>
            Withdraw this notice
          </button>
        </div>
      )}
      {isWithdrawable(notice.status) && isWithdrawing && (
        <WithdrawNoticeForm
          notice={notice}
          onCancel={() => {
            setIsWithdrawing(false);
            focusAfterRender(withdrawButtonRef);
          }}
          onWithdrawn={() => {
            setIsWithdrawing(false);
            setMessage(`You withdrew the engagement notice ‘${name}’.`);
            focusAfterRender(messageRef);
          }}
        />
      )}
      {!isDraft && (
        <section aria-labelledby="billing-heading">
          <h2 id="billing-heading">Billing so far</h2>
          <p>{billingSentence(notice.billing)}</p>
          <p>
            <Link to={billingReportsOfNotice(notice.id)}>See the billing reports for this notice</Link>
          </p>
        </section>
      )}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Status history</h2>
        <StatusHistory history={notice.statusHistory} noun="engagement notice" />
      </section>
      <RecordAnswers record={notice} title={isDraft ? 'Answers so far' : 'Answers as submitted'} />
      <MessagesPanel model={kind.model} recordId={notice.id} />
      <p>
        <Link to={kind.listPath}>Back to your engagement notices</Link>
      </p>
    </>
  );
}
