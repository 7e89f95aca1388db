/** The status of a notice or report as a tag, and its history as a timeline, oldest first. */
import '../styles/reporting.css';
import type { StatusHistoryEntry } from '../../common/api/engagement-notices';
import { BILLING_REPORT_STATUSES, type BillingReportStatus } from '../../common/billing-reports';
import { formatDateTime } from '../../common/dates';
import { ENGAGEMENT_NOTICE_STATUSES, type EngagementNoticeStatus } from '../../common/engagement-notices';
import { StatusTag } from '../lib/components/status-tag';

type Status = (typeof ENGAGEMENT_NOTICE_STATUSES)[number] | (typeof BILLING_REPORT_STATUSES)[number];

function statusOf(code: string): Status | undefined {
  return [...ENGAGEMENT_NOTICE_STATUSES, ...BILLING_REPORT_STATUSES].find((status) => status.code === code);
}

export function NoticeStatusTag({ status }: { status: EngagementNoticeStatus }) {
  const known = ENGAGEMENT_NOTICE_STATUSES.find((candidate) => candidate.code === status);
  return <StatusTag tone={known?.tone ?? 'draft'}>{known?.label ?? status}</StatusTag>;
}

export function ReportStatusTag({ status }: { status: BillingReportStatus }) {
  const known = BILLING_REPORT_STATUSES.find((candidate) => candidate.code === status);
  return <StatusTag tone={known?.tone ?? 'draft'}>{known?.label ?? status}</StatusTag>;
}

/** What each status means in the history, in a sentence. */
const HAPPENED: Record<string, string> = {
  draft: 'Started as a draft',
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
};

export function StatusHistory({ history, noun }: { history: readonly StatusHistoryEntry[]; noun: string }) {
  if (history.length === 0) {
    return <p>No changes of status are recorded for this {noun}.</p>;
  }
  return (
    <ol className="status-history" aria-label={`Status history of this ${noun}`}>
      {history.map((entry, index) => (
        <li className="status-history__entry" key={`${entry.status}-${entry.at}-${String(index)}`}>
          <strong>{HAPPENED[entry.status] ?? statusOf(entry.status)?.label ?? entry.status}</strong>
          <span className="status-history__date">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
