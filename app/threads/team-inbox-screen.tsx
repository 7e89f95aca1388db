/**
 * The team app's /inbox: the message threads of every supplier, whatever record they are about, a
 * page at a time (Next and Previous start from a thread, `after` or `before`, so a deep page reads
 * as fast as the first), filtered by whom they are assigned to, what they are about and whether
 * they are open (all in the URL). Each row says who wrote, about what (with a link to the record's
 * team screen where there is one), when last, who looks after it and how many messages the reader
 * has not read.
 */
import '../styles/lists.css';
import '../styles/threads.css';
import { Link, useSearchParams } from 'react-router';
import { THREAD_MODEL_CODES, THREAD_MODEL_LABELS, UNASSIGNED, type TeamThreadSummary } from '../../common/api/threads';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { useFlashMessage } from '../lib/use-flash-message';
import { EntryPagination } from '../lib/lists/pagination';
import { changedSearch, isPastFirstPage } from '../lib/lists/url-params';
import { UrlSelect, type SelectOption } from '../lib/lists/url-select';
import { useTeamMembers } from '../team-members/public';
import { teamInboxPaths } from './team-inbox-paths';
import { inboxListQuery, useInbox, type InboxQuery } from './team-threads-api';
import { ThreadStatusTag, ThreadSubjectLink } from './thread-subject-link';
import { listCount } from '../lib/lists/list-count';

export function TeamInboxScreen() {
  const [searchParams] = useSearchParams();
  const query = inboxListQuery(searchParams);
  const inbox = useInbox(query);
  // "Resolved", from a thread's screen.
  const [message] = useFlashMessage();

  return (
    <div className="screen list-screen">
      <h1>Inbox</h1>
      <p>
        Message threads with suppliers, about any record. Open threads waiting for the team come first, those that have waited longest at the top;
        then those waiting for the supplier. A resolved thread leaves the open threads until someone writes in it again.
      </p>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <InboxFilters query={query} />
      {inbox.isPending ? (
        <LoadingState label="Loading the inbox…" />
      ) : inbox.isError ? (
        <ErrorState message={`We could not load the inbox. ${describeApiFailure(inbox.error)}`} onRetry={() => void inbox.refetch()} />
      ) : (
        <UpdatingList isUpdating={inbox.isPlaceholderData}>
          {inbox.data.threads.length === 0 ? (
            inbox.data.total > 0 && isPastFirstPage(query) ? (
              <div className="empty-state">
                <p>There are no threads on page {query.page ?? 1}.</p>
                <p>
                  <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
                </p>
              </div>
            ) : isFiltered(query) ? (
              <div className="empty-state">
                <p>No threads match these filters.</p>
                <p>
                  <Link to="?">Show every open thread</Link>
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
              <p className="list-screen__count">{threadCount(inbox.data, query)}</p>
              <InboxTable threads={inbox.data.threads} />
              <EntryPagination answer={inbox.data} noun="threads" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

/** Whether any filter is chosen (the page, and the thread it starts from, do not count). */
function isFiltered(query: InboxQuery): boolean {
  return Object.keys(query).some((key) => !['page', 'after', 'before'].includes(key));
}

/** '3 open threads', '1 resolved thread', 'More than 10,025 resolved threads' when the count stopped. */
export function threadCount(counted: { total: number; totalIsCapped?: boolean }, query: InboxQuery): string {
  const status = query.status === 'resolved' ? 'resolved' : 'open';
  return listCount(counted, `${status} thread`, `${status} threads`);
}

/** '2 unread messages' (nothing when there are none). */
export function unreadLabel(count: number): string {
  return count === 0 ? '' : `${String(count)} unread ${count === 1 ? 'message' : 'messages'}`;
}

const MODEL_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Any record' },
  ...THREAD_MODEL_CODES.map((code) => ({ value: code, label: THREAD_MODEL_LABELS[code] })),
];

const STATUS_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** Assigned to, about and status: each changes the URL, and so the list. The team's members come from the team's list; until it loads, only 'Anyone' and 'Nobody'. */
function InboxFilters({ query }: { query: InboxQuery }) {
  const members = useTeamMembers();
  const assigneeOptions: SelectOption[] = [
    { value: '', label: 'Anyone or nobody' },
    { value: UNASSIGNED, label: 'Nobody yet' },
    ...(members.data?.members ?? []).map((member) => ({ value: String(member.id), label: member.isCurrentUser ? `You (${member.name})` : member.name })),
  ];
  const assignee = query.assignee === undefined ? '' : String(query.assignee);
  // An assignee who left the team is still a valid filter: keep it selectable, so the select shows the URL's filter.
  if (!assigneeOptions.some((option) => option.value === assignee)) {
    assigneeOptions.push({ value: assignee, label: 'A former team member' });
  }
  return (
    <div className="list-controls">
      <UrlSelect label="Assigned to" param="assignee" value={assignee} options={assigneeOptions} />
      <UrlSelect label="About" param="model" value={query.model ?? ''} options={MODEL_OPTIONS} />
      <UrlSelect label="Status" param="status" value={query.status ?? ''} options={STATUS_OPTIONS} />
    </div>
  );
}

function InboxTable({ threads }: { threads: readonly TeamThreadSummary[] }) {
  return (
    <DataTable caption="Message threads" columns={['Thread', 'Supplier', 'About', 'Last message', 'Assigned to', 'Status']}>
      {threads.map((thread) => (
        <DataRow key={thread.id}>
          <RowHeader>
            <Link to={teamInboxPaths.thread(thread.id)}>{thread.title}</Link>
            {thread.unreadCount > 0 && (
              <>
                {' '}
                <strong className="unread-count">{unreadLabel(thread.unreadCount)}</strong>
              </>
            )}
          </RowHeader>
          <DataCell label="Supplier">{thread.supplierTradingName}</DataCell>
          <DataCell label="About">
            <ThreadSubjectLink model={thread.model} recordId={thread.recordId} threadTitle={thread.title} />
          </DataCell>
          <DataCell label="Last message">
            <time dateTime={thread.lastMessageAt}>{formatDateTime(thread.lastMessageAt)}</time>
          </DataCell>
          <DataCell label="Assigned to">{thread.assignee?.name ?? 'Nobody yet'}</DataCell>
          <DataCell label="Status">
            <ThreadStatusTag isResolved={thread.isResolved} />
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
