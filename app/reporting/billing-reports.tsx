/**
 * /billing-reports (spec §2): the active supplier's billing reports, filtered by status and by
 * engagement notice, sorted and paged in the URL, with where to continue, view or delete each, and
 * a way to submit one. The details screen is in ./billing-report-details.tsx.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BILLING_REPORT_SORTS, type BillingReportSummary } from '../../common/api/billing-reports';
import { BILLING_REPORT_STATUS_CODES, billingPeriodLabel, type BillingReportStatus } from '../../common/reporting/billing-reports';
import { isEditableRecord, recordStatusLabel } from '../../common/reporting/record-status';
import { formatDateTime } from '../../common/dates';
import { formatCents } from '../../common/money';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { UpdatingList } from '../lib/components/updating-list';
import { getProductTeamName } from '../lib/product-team';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { DeleteRecordDialog } from './delete-record-dialog';
import { RecordActions, SortControls } from './list-controls';
import { Pagination } from '../lib/lists/pagination';
import { changedSearch } from '../lib/lists/url-params';
import { UrlSelect, type SelectOption } from '../lib/lists/url-select';
import { noticeName, reportListQuery, reportName } from './list-params';
import { reportableNoticesQueryKey, useReportableNotices } from './reportable-notices-api';
import { reportingQueryKeys, useRecord, useRecordList } from './reporting-api';
import { billingReportKind, engagementNoticeKind } from './reporting-kinds';
import { RecordStatusTag } from './status-history';

export { BillingReportScreen } from './billing-report-details';

const kind = billingReportKind;

/** The notice the list is filtered to, named: its title, or why it cannot be named. */
function useFilteredNotice(id: number | undefined, reportable: readonly { id: number; title: string | null }[] | undefined): { name: string | undefined; isMissing: boolean } {
  const notice = useRecord(engagementNoticeKind, id ?? 0);
  if (id === undefined) {
    return { name: undefined, isMissing: false };
  }
  if (notice.error instanceof ApiError && notice.error.status === 404) {
    return { name: undefined, isMissing: true };
  }
  // The notice's own title once loaded; until then (or if it fails) the filter list's.
  const loaded = notice.data?.data.engagement?.title;
  const title = typeof loaded === 'string' ? loaded : (reportable?.find((candidate) => candidate.id === id)?.title ?? null);
  return { name: noticeName({ id, title }), isMissing: false };
}

export function BillingReportsScreen() {
  const [searchParams] = useSearchParams();
  const query = reportListQuery(searchParams);
  const reports = useRecordList(kind, query);
  const reportable = useReportableNotices();
  const filteredNotice = useFilteredNotice(query.engagementNotice, reportable.data);
  const queryClient = useQueryClient();
  const { headingRef, focusHeading } = useHeadingFocus();
  const [message, setMessage] = useFlashMessage();
  const [toDelete, setToDelete] = useState<BillingReportSummary | null>(null);
  const clearMessage = () => setMessage('');

  const noticeOptions: SelectOption[] = [
    { value: '', label: 'Any engagement notice' },
    ...(reportable.data ?? []).map((notice) => ({ value: String(notice.id), label: notice.label })),
  ];
  if (query.engagementNotice !== undefined && !noticeOptions.some((option) => option.value === String(query.engagementNotice))) {
    noticeOptions.push({ value: String(query.engagementNotice), label: filteredNotice.name ?? 'The notice in the link' });
  }

  return (
    <div className="screen list-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        Billing reports
      </h1>
      <p>
        A billing report tells the {getProductTeamName()} what your business billed an agency in a month, against one of your engagement notices. Submit one each
        month for each engagement you billed for.
      </p>
      <div role="status" className="list-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <p>
        <Link
          className="button"
          to={kind.submitPath(undefined)}
          onClick={() => {
            queryClient.removeQueries({ queryKey: reportingQueryKeys.draft(kind, undefined) });
            void queryClient.invalidateQueries({ queryKey: reportableNoticesQueryKey });
          }}
        >
          Submit a billing report
        </Link>
      </p>
      {query.engagementNotice !== undefined && (
        <div className="inset-text reporting-filter-note">
          <p>
            {filteredNotice.isMissing ? (
              'The link asks for the billing reports of an engagement notice that is not among your supplier’s notices.'
            ) : (
              <>
                Showing the billing reports for the engagement notice <strong>{filteredNotice.name}</strong>.{' '}
                <Link to={engagementNoticeKind.recordPath(query.engagementNotice)}>View the notice</Link>
              </>
            )}
          </p>
          <p>
            <Link to={`?${changedSearch(searchParams, { engagementNotice: undefined }).toString()}`}>Show billing reports for every engagement notice</Link>
          </p>
        </div>
      )}
      <div className="list-controls">
        <UrlSelect
          label="Show reports with status"
          param="status"
          value={query.status ?? ''}
          options={[{ value: '', label: 'Any status' }, ...BILLING_REPORT_STATUS_CODES.map((status) => ({ value: status, label: recordStatusLabel(status) }))]}
          onChange={clearMessage}
        />
        <UrlSelect
          label="Show reports for"
          param="engagementNotice"
          value={query.engagementNotice === undefined ? '' : String(query.engagementNotice)}
          options={noticeOptions}
          onChange={clearMessage}
        />
        <SortControls sorts={BILLING_REPORT_SORTS} sort={query.sort} order={query.order} onChange={clearMessage} />
      </div>
      {reports.isPending ? (
        <LoadingState label="Loading your billing reports…" />
      ) : reports.isError ? (
        <ErrorState message={`We could not load your billing reports. ${describeApiFailure(reports.error)}`} onRetry={() => void reports.refetch()} />
      ) : (
        <UpdatingList isUpdating={reports.isPlaceholderData}>
          {reports.data.billingReports.length === 0 ? (
            <EmptyReports
              total={reports.data.total}
              status={query.status}
              noticeName={query.engagementNotice === undefined ? undefined : (filteredNotice.name ?? 'this engagement notice')}
              page={reports.data.page}
              searchParams={searchParams}
            />
          ) : (
            <>
              <p className="list-screen__count">{reports.data.total === 1 ? '1 billing report' : `${String(reports.data.total)} billing reports`}</p>
              <ReportTable reports={reports.data.billingReports} onDelete={setToDelete} />
              <Pagination page={reports.data.page} total={reports.data.total} pageSize={reports.data.pageSize} noun="billing reports" />
            </>
          )}
        </UpdatingList>
      )}
      {toDelete && (
        <DeleteRecordDialog
          kind={kind}
          record={{ id: toDelete.id, description: `draft billing report ‘${reportName(toDelete)}’` }}
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

function EmptyReports({
  total,
  status,
  noticeName: notice,
  page,
  searchParams,
}: {
  total: number;
  status: BillingReportStatus | undefined;
  noticeName: string | undefined;
  page: number;
  searchParams: URLSearchParams;
}) {
  if (total > 0 && page > 1) {
    return (
      <div className="empty-state">
        <p>There are no billing reports on page {page}.</p>
        <p>
          <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
        </p>
      </div>
    );
  }
  if (status !== undefined || notice !== undefined) {
    const withStatus = status === undefined ? '' : ` with the status ${recordStatusLabel(status)}`;
    const forNotice = notice === undefined ? '' : ` for ${notice}`;
    return (
      <div className="empty-state">
        <p>
          You have no billing reports{withStatus}
          {forNotice}.
        </p>
        <p>
          <Link to={`?${changedSearch(searchParams, { status: undefined, engagementNotice: undefined }).toString()}`}>Show all your billing reports</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <p>You have no billing reports yet.</p>
      <p>Once an engagement notice is submitted, report what you billed the agency each month against it.</p>
    </div>
  );
}

function ReportTable({ reports, onDelete }: { reports: BillingReportSummary[]; onDelete: (report: BillingReportSummary) => void }) {
  return (
    <DataTable caption="Your billing reports" columns={['Engagement notice', 'Billing period', 'Amount', 'Status', 'Last edited', 'Actions']}>
      {reports.map((report) => {
        const name = reportName(report);
        const isEditable = isEditableRecord(report.status);
        return (
          <DataRow key={report.id}>
            <RowHeader>
              {report.engagementNotice ? noticeName(report.engagementNotice) : 'Not chosen yet'}
              {report.engagementNotice?.agencyName && <span className="list-table__detail">{report.engagementNotice.agencyName}</span>}
            </RowHeader>
            <DataCell label="Billing period">{report.billingPeriod === null ? 'Not given yet' : billingPeriodLabel(report.billingPeriod)}</DataCell>
            <DataCell label="Amount">{report.amountCents === null ? 'Not given yet' : formatCents(report.amountCents)}</DataCell>
            <DataCell label="Status">
              <RecordStatusTag status={report.status} />
            </DataCell>
            <DataCell label="Last edited">{formatDateTime(report.lastEdited)}</DataCell>
            <DataCell label="Actions">
              <RecordActions kind={kind} id={report.id} name={name} isEditable={isEditable} onDelete={() => onDelete(report)} />
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
