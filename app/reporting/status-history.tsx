/** The status of a notice or report as a tag, and its history as a timeline, oldest first. */
import '../styles/reporting.css';
import type { StatusHistoryEntry } from '../../common/api/engagement-notices';
import { formatDateTime } from '../../common/dates';
import { isRecordStatus, RECORD_STATUSES, type RecordStatus } from '../../common/reporting/record-status';
import { StatusTag } from '../lib/components/status-tag';

export function RecordStatusTag({ status }: { status: RecordStatus }) {
  const { tone, label } = RECORD_STATUSES[status];
  return <StatusTag tone={tone}>{label}</StatusTag>;
}

export function StatusHistory({ history, noun }: { history: readonly StatusHistoryEntry[]; noun: string }) {
  if (history.length === 0) {
    return <p>No changes of status are recorded for this {noun}.</p>;
  }
  return (
    <ol className="status-history" aria-label={`Status history of this ${noun}`}>
      {history.map((entry, index) => (
        <li className="status-history__entry" key={`${entry.status}-${entry.at}-${String(index)}`}>
          <strong>{isRecordStatus(entry.status) ? RECORD_STATUSES[entry.status].happened : entry.status}</strong>
          <span className="status-history__date">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
