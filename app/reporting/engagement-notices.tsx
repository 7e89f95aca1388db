/**
 * /engagement-notices (spec §2): the active supplier's engagement notices, filtered by status,
 * sorted and paged in the URL, with the agency's answer to each sent one (issue 31), where to
 * continue, view or delete each, and a way to submit one. The details screen is in
 * ./engagement-notice-details.tsx.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ENGAGEMENT_NOTICE_SORTS, type EngagementNoticeSummary } from '../../common/api/engagement-notices';
import { formatDate } from '../../common/dates';
import { ENGAGEMENT_NOTICE_STATUS_CODES, type EngagementNoticeStatus } from '../../common/reporting/engagement-notices';
import { isEditableRecord, recordStatusLabel } from '../../common/reporting/record-status';
import { formatCents } from '../../common/money';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { getProductTeamName } from '../lib/product-team';
import { AgencyResponseTag } from './agency-response';
import { DeleteRecordDialog } from './delete-record-dialog';
import { RecordActions, SortControls } from './list-controls';
import { Pagination } from '../lib/lists/pagination';
import { changedSearch } from '../lib/lists/url-params';
import { UrlSelect } from '../lib/lists/url-select';
import { noticeListQuery, noticeName } from './list-params';
import { reportingQueryKeys, useRecordList } from './reporting-api';
import { engagementNoticeKind } from './reporting-kinds';
import { RecordStatusTag } from './status-history';

export { EngagementNoticeScreen } from './engagement-notice-details';

const kind = engagementNoticeKind;

export function EngagementNoticesScreen() {
  const [searchParams] = useSearchParams();
  const query = noticeListQuery(searchParams);
  const notices = useRecordList(kind, query);
  const queryClient = useQueryClient();
  const { headingRef, focusHeading } = useHeadingFocus();
  // A message from the submission screens, or this screen's own after a deletion.
  const [message, setMessage] = useFlashMessage();
  const [toDelete, setToDelete] = useState<EngagementNoticeSummary | null>(null);
  const clearMessage = () => setMessage('');

  return (
    <div className="screen list-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        Engagement notices
      </h1>
      <p>
        An engagement notice tells the {getProductTeamName()} that an agency has engaged your business for services you are approved for. Submit one for
        each engagement you win.
      </p>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <p>
        <Link className="button" to={kind.submitPath(undefined)} onClick={() => queryClient.removeQueries({ queryKey: reportingQueryKeys.draft(kind, undefined) })}>
          Submit an engagement notice
        </Link>
      </p>
      <div className="list-controls">
        <UrlSelect
          label="Show notices with status"
          param="status"
          value={query.status ?? ''}
          options={[{ value: '', label: 'Any status' }, ...ENGAGEMENT_NOTICE_STATUS_CODES.map((status) => ({ value: status, label: recordStatusLabel(status) }))]}
          onChange={clearMessage}
        />
        <SortControls sorts={ENGAGEMENT_NOTICE_SORTS} sort={query.sort} order={query.order} onChange={clearMessage} />
      </div>
      {notices.isPending ? (
        <LoadingState label="Loading your engagement notices…" />
      ) : notices.isError ? (
        <ErrorState message={`We could not load your engagement notices. ${describeApiFailure(notices.error)}`} onRetry={() => void notices.refetch()} />
      ) : (
        <UpdatingList isUpdating={notices.isPlaceholderData}>
          {notices.data.engagementNotices.length === 0 ? (
            <EmptyNotices total={notices.data.total} status={query.status} page={query.page ?? 1} searchParams={searchParams} />
          ) : (
            <>
              <p className="list-screen__count">
                {notices.data.total === 1 ? '1 engagement notice' : `${String(notices.data.total)} engagement notices`}
                {query.status ? ` with the status ${recordStatusLabel(query.status)}` : ''}
              </p>
              <NoticeTable notices={notices.data.engagementNotices} onDelete={setToDelete} />
              <Pagination page={notices.data.page} total={notices.data.total} pageSize={notices.data.pageSize} noun="engagement notices" />
            </>
          )}
        </UpdatingList>
      )}
      {toDelete && (
        <DeleteRecordDialog
          kind={kind}
          record={{ id: toDelete.id, description: `draft engagement notice ‘${noticeName(toDelete)}’` }}
          onCancel={() => setToDelete(null)}
          onDeleted={(deleted) => {
            setToDelete(null);
            setMessage(deleted);
            focusHeading();
          }}
        />
      )}
    </div>
  );
}

function EmptyNotices({ total, status, page, searchParams }: { total: number; status: EngagementNoticeStatus | undefined; page: number; searchParams: URLSearchParams }) {
  if (total > 0 && page > 1) {
    return (
      <div className="empty-state">
        <p>There are no engagement notices on page {page}.</p>
        <p>
          <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
        </p>
      </div>
    );
  }
  if (status !== undefined) {
    return (
      <div className="empty-state">
        <p>You have no engagement notices with the status {recordStatusLabel(status)}.</p>
        <p>
          <Link to={`?${changedSearch(searchParams, { status: undefined }).toString()}`}>Show engagement notices with any status</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <p>You have no engagement notices yet.</p>
      <p>When an agency engages your business, submit an engagement notice with the agency, the services, the dates and the value of the work.</p>
    </div>
  );
}

function NoticeTable({ notices, onDelete }: { notices: EngagementNoticeSummary[]; onDelete: (notice: EngagementNoticeSummary) => void }) {
  return (
    <DataTable
      caption="Your engagement notices"
      columns={['Engagement', 'Agency', 'Status', "Agency's answer", 'Start date', 'End date', 'Value', 'Agency reference', 'Actions']}
    >
      {notices.map((notice) => {
        const name = noticeName(notice);
        const isEditable = isEditableRecord(notice.status);
        return (
          <DataRow key={notice.id}>
            <RowHeader>
              {name}
              {notice.services.length > 0 && <span className="list-table__detail">{notice.services.map((service) => service.title).join(', ')}</span>}
            </RowHeader>
            <DataCell label="Agency">{notice.agency?.name ?? 'Not chosen yet'}</DataCell>
            <DataCell label="Status">
              <RecordStatusTag status={notice.status} />
            </DataCell>
            <DataCell label="Agency's answer">{isEditable ? 'Not sent yet' : <AgencyResponseTag status={notice.agencyResponse.status} />}</DataCell>
            <DataCell label="Start date">{notice.startDate === null ? 'Not given' : formatDate(notice.startDate)}</DataCell>
            <DataCell label="End date">{notice.endDate === null ? 'Not given' : formatDate(notice.endDate)}</DataCell>
            <DataCell label="Value">{notice.valueCents === null ? 'Not given' : formatCents(notice.valueCents)}</DataCell>
            <DataCell label="Agency reference">{notice.reference ?? 'None'}</DataCell>
            <DataCell label="Actions">
              <RecordActions kind={kind} id={notice.id} name={name} isEditable={isEditable} onDelete={() => onDelete(notice)} />
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
