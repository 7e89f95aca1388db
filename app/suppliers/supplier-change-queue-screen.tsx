/**
 * /admin/supplier-changes: suppliers' changes of legal name or business numbers waiting for the
 * team's review, oldest first, paged (from the change a page starts after or before); the decided
 * and withdrawn ones by the status filter. Until the team approves a change, the directory and
 * every public place show the approved details.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import '../styles/review.css';
import { Link, useSearchParams } from 'react-router';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { SUPPLIER_CHANGE_STATUSES, type SupplierChangeStatus, type TeamSupplierChange } from '../../common/api/supplier-detail-changes';
import { formatDate } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { isPastTarget, OverdueMark } from '../lib/components/overdue-mark';
import { StatusTag } from '../lib/components/status-tag';
import { UpdatingList } from '../lib/components/updating-list';
import { EntryPagination } from '../lib/lists/pagination';
import { pageCursorParams, wholeNumberParam } from '../lib/lists/url-params';
import { UrlSelect } from '../lib/lists/url-select';
import { timeWaiting } from '../lib/time-waiting';
import { useFlashMessage } from '../lib/use-flash-message';
import { useWorkQueues } from '../lib/work-queues-api';
import { useSupplierChangeQueue, type SupplierChangeListQuery } from './supplier-change-api';
import { changedFieldsText } from './supplier-change-fields';
import { SUPPLIER_CHANGE_STATUS_LABELS, SUPPLIER_CHANGE_STATUS_TONES } from './supplier-change-statuses';
import { supplierManagementPaths } from './supplier-management-paths';

/**
 * The queue's query, from its URL: the waiting ones and page 1 unless it says otherwise, and the
 * change its page starts after or before.
 */
export function supplierChangeQueueQuery(search: URLSearchParams): SupplierChangeListQuery {
  const status = SUPPLIER_CHANGE_STATUSES.find((candidate) => candidate === search.get('status')) ?? 'pending';
  return { status, page: wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER) ?? 1, ...pageCursorParams(search) };
}

const EMPTY_MESSAGES: Record<SupplierChangeStatus, string> = {
  pending: 'No changes are waiting for a decision.',
  approved: 'No changes have been approved yet.',
  declined: 'No changes have been declined yet.',
  withdrawn: 'No changes have been withdrawn.',
};

function countLine(total: number, status: SupplierChangeStatus): string {
  const changes = total === 1 ? '1 change' : `${total.toLocaleString('en-NZ')} changes`;
  return status === 'pending' ? `${changes} waiting for a decision, oldest first` : `${changes}: ${SUPPLIER_CHANGE_STATUS_LABELS[status].toLowerCase()}, oldest first`;
}

export function SupplierChangeQueueScreen() {
  const [searchParams] = useSearchParams();
  const query = supplierChangeQueueQuery(searchParams);
  const queue = useSupplierChangeQueue(query);
  const [message, setMessage] = useFlashMessage();

  return (
    <div className="screen list-screen review-screen">
      <h1>Name and business number changes</h1>
      <p>
        Suppliers&apos; changes to their legal name, NZBN, ABN or ACN. The directory and the suppliers&apos; public profiles keep showing the current
        details until you approve a change.
      </p>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <div className="list-controls">
        <UrlSelect
          label="Show changes"
          param="status"
          value={query.status === 'pending' ? '' : query.status}
          options={SUPPLIER_CHANGE_STATUSES.map((status) => ({ value: status === 'pending' ? '' : status, label: SUPPLIER_CHANGE_STATUS_LABELS[status] }))}
          onChange={() => setMessage('')}
        />
      </div>
      {queue.isPending ? (
        <LoadingState label="Loading the changes…" />
      ) : queue.isError ? (
        <ErrorState message={`We could not load the changes. ${describeApiFailure(queue.error)}`} onRetry={() => void queue.refetch()} />
      ) : (
        <UpdatingList isUpdating={queue.isPlaceholderData}>
          {queue.data.changes.length === 0 ? (
            <div className="empty-state">
              {queue.data.total > 0 ? (
                <>
                  <p>There are no changes on page {query.page}.</p>
                  <p>
                    <Link to={supplierManagementPaths.changes(query.status === 'pending' ? '' : `?status=${query.status}`)}>Go to the first page</Link>
                  </p>
                </>
              ) : (
                <>
                  <p>{EMPTY_MESSAGES[query.status]}</p>
                  {query.status === 'pending' ? (
                    <p>
                      <Link to={supplierManagementPaths.suppliers()}>Go to the suppliers</Link>
                    </p>
                  ) : (
                    <p>
                      <Link to={supplierManagementPaths.changes()}>Show the changes waiting for a decision</Link>
                    </p>
                  )}
                </>
              )}
            </div>
          ) : (
            <>
              <p className="list-screen__count">{countLine(queue.data.total, query.status)}</p>
              <ChangeTable changes={queue.data.changes} status={query.status} />
              <EntryPagination answer={queue.data} noun="changes" />
            </>
          )}
        </UpdatingList>
      )}
    </div>
  );
}

function ChangeTable({ changes, status }: { changes: TeamSupplierChange[]; status: SupplierChangeStatus }) {
  const now = new Date();
  const isWaiting = status === 'pending';
  const targetDays = useWorkQueues().data?.reviewTargetDays;
  return (
    <DataTable
      caption={isWaiting ? 'Changes waiting for a decision' : `Changes: ${SUPPLIER_CHANGE_STATUS_LABELS[status].toLowerCase()}`}
      columns={['Supplier', 'Changes', 'Asked for by', 'Asked on', isWaiting ? 'Waiting' : 'Status']}
    >
      {changes.map((change) => (
        <DataRow key={change.id}>
          <RowHeader>
            <Link to={supplierManagementPaths.change(change.id)}>{change.tradingName}</Link>
          </RowHeader>
          <DataCell label="Changes">{changedFieldsText(change.fields)}</DataCell>
          <DataCell label="Asked for by">{change.requestedBy ?? 'A former user'}</DataCell>
          <DataCell label="Asked on">{formatDate(change.requestedAt)}</DataCell>
          <DataCell label={isWaiting ? 'Waiting' : 'Status'}>
            {isWaiting ? (
              <>
                {timeWaiting(change.requestedAt, now)}
                {isPastTarget(change.requestedAt, now, targetDays) && <OverdueMark targetDays={targetDays} />}
              </>
            ) : (
              <StatusTag tone={SUPPLIER_CHANGE_STATUS_TONES[change.status]}>{SUPPLIER_CHANGE_STATUS_LABELS[change.status]}</StatusTag>
            )}
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
