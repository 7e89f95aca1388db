/**
 * /dashboard/messages: the active supplier's conversations with the marketplace team, on every
 * record, open ones first, each with what it is about, its state and the reader's unread replies,
 * linking to the record's screen where the thread is read and answered.
 */
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { SupplierThreadSummary } from '../../common/api/threads';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { formatDateTime } from '../../common/dates';
import { applicationsPaths } from '../applications/applications-paths';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Pagination } from '../lib/lists/pagination';
import { wholeNumberParam } from '../lib/lists/url-params';
import { getProductTeamName } from '../lib/product-team';
import { reportingPaths } from '../reporting/reporting-paths';
import { supplierDetailsPaths } from '../supplier-details/supplier-details-paths';
import { useSupplierThreads } from './supplier-messages-api';
import { ThreadStatusTag } from './thread-subject-link';

/** The dashboard screen of the record a thread is on, where its messages are read and answered. */
function recordPath(thread: SupplierThreadSummary): string {
  switch (thread.model) {
    case 'application':
      return applicationsPaths.application(thread.recordId);
    case 'engagement-notice':
      return reportingPaths.engagementNotice(thread.recordId);
    case 'billing-report':
      return reportingPaths.billingReport(thread.recordId);
    default:
      return supplierDetailsPaths.supplier();
  }
}

function about(thread: SupplierThreadSummary): string {
  return thread.recordReference === null ? thread.modelLabel : `${thread.modelLabel} ${thread.recordReference}`;
}

export function SupplierMessagesScreen() {
  const [searchParams] = useSearchParams();
  const page = wholeNumberParam(searchParams.get('page'), MAX_PAGE_NUMBER) ?? 1;
  const list = useSupplierThreads(page);
  return (
    <div className="screen list-screen">
      <h1>Messages</h1>
      <p>
        Your business&apos;s conversations with the {getProductTeamName()}, about your details, applications, engagement notices and billing
        reports. Open a conversation to read it and reply on its record&apos;s page.
      </p>
      {list.isPending ? (
        <LoadingState label="Loading your messages…" />
      ) : list.isError ? (
        <ErrorState message={`We could not load your messages. ${describeApiFailure(list.error)}`} onRetry={() => void list.refetch()} />
      ) : list.data.threads.length === 0 ? (
        <div className="empty-state">
          <p>{list.data.total > 0 ? `There are no conversations on page ${String(page)}.` : 'You have no conversations with the team yet.'}</p>
          <p>
            {list.data.total > 0 ? (
              <Link to="?">Go to the first page</Link>
            ) : (
              <>
                To ask the team something, write from the page it is about: your <Link to={supplierDetailsPaths.supplier()}>supplier details</Link>, an
                application, an engagement notice or a billing report.
              </>
            )}
          </p>
        </div>
      ) : (
        <>
          <DataTable caption="Your conversations with the team, open ones first" columns={['Conversation', 'About', 'Status', 'Last message']}>
            {list.data.threads.map((thread) => (
              <DataRow key={thread.id}>
                <RowHeader>
                  <Link to={recordPath(thread)}>{thread.title}</Link>
                  {thread.unreadCount > 0 && (
                    <span className="list-table__detail">
                      {thread.unreadCount === 1 ? '1 unread reply' : `${String(thread.unreadCount)} unread replies`}
                    </span>
                  )}
                </RowHeader>
                <DataCell label="About">{about(thread)}</DataCell>
                <DataCell label="Status">
                  <ThreadStatusTag isResolved={thread.isResolved} />
                </DataCell>
                <DataCell label="Last message">
                  <time dateTime={thread.lastMessageAt}>{formatDateTime(thread.lastMessageAt)}</time>
                  <span className="list-table__detail">{thread.lastMessageIsFromTeam ? 'From the team' : 'From your business'}</span>
                </DataCell>
              </DataRow>
            ))}
          </DataTable>
          <Pagination page={list.data.page} total={list.data.total} pageSize={list.data.pageSize} noun="conversations" />
        </>
      )}
    </div>
  );
}
