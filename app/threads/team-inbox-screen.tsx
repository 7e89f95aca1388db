/**
 * The console's /inbox: every open message thread of every supplier, whatever record it is about,
 * the latest activity first, a page at a time (the page in the URL). Each row says who wrote,
 * about what (with a link to the record's console screen where there is one), and when last.
 */
import '../styles/reporting.css';
import '../styles/threads.css';
import { Link, useSearchParams } from 'react-router';
import type { AdminThreadSummary } from '../../common/api/threads';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { useFlashMessage } from '../lib/use-flash-message';
import { Pagination } from '../reporting/list-controls';
import { changedSearch } from '../reporting/list-params';
import { teamInboxPaths } from './team-inbox-paths';
import { inboxListQuery, useInbox } from './team-threads-api';
import { ThreadStatusTag, ThreadSubjectLink } from './thread-subject-link';

export function TeamInboxScreen() {
  const [searchParams] = useSearchParams();
  const query = inboxListQuery(searchParams);
  const inbox = useInbox(query);
  // "Resolved", from a thread's screen.
  const [message] = useFlashMessage();

  return (
    <div className="screen reporting-screen">
      <h1>Inbox</h1>
      <p>Every open message thread with suppliers, about any record, the most recent message first. A resolved thread leaves this list until someone writes in it again.</p>
      <div role="status" className="reporting-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {inbox.isPending ? (
        <LoadingState label="Loading the inbox…" />
      ) : inbox.isError ? (
        <ErrorState message={`We could not load the inbox. ${describeApiFailure(inbox.error)}`} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.threads.length === 0 ? (
        inbox.data.total > 0 && (query.page ?? 1) > 1 ? (
          <div className="empty-state">
            <p>There are no open threads on page {query.page}.</p>
            <p>
              <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
            </p>
          </div>
        ) : (
          <div className="empty-state">
            <p>There are no open threads: every message has been answered and resolved.</p>
            <p>When a supplier writes to the team, their thread shows here.</p>
          </div>
        )
      ) : (
        <>
          <p className="reporting-screen__count">{inbox.data.total === 1 ? '1 open thread' : `${String(inbox.data.total)} open threads`}</p>
          <InboxTable threads={inbox.data.threads} />
          <Pagination page={inbox.data.page} total={inbox.data.total} pageSize={inbox.data.pageSize} noun="open threads" />
        </>
      )}
    </div>
  );
}

function InboxTable({ threads }: { threads: readonly AdminThreadSummary[] }) {
  return (
    <DataTable caption="Open message threads" columns={['Thread', 'Supplier', 'About', 'Last message', 'Status']}>
      {threads.map((thread) => (
        <DataRow key={thread.id}>
          <RowHeader>
            <Link to={teamInboxPaths.thread(thread.id)}>
              {thread.title}
            </Link>
          </RowHeader>
          <DataCell label="Supplier">{thread.supplierTradingName}</DataCell>
          <DataCell label="About">
            <ThreadSubjectLink model={thread.model} recordId={thread.recordId} threadTitle={thread.title} />
          </DataCell>
          <DataCell label="Last message">
            <time dateTime={thread.lastMessageAt}>{formatDateTime(thread.lastMessageAt)}</time>
          </DataCell>
          <DataCell label="Status">
            <ThreadStatusTag isResolved={false} />
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
