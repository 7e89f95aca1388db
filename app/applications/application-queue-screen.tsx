/**
 * The team app's application queue (/admin/applications): every submitted application (never a
 * draft), the longest in its current stage first, filtered by stage and paged in the URL; each row
 * names the supplier, the reference, the services asked for, the stage and the time spent in it.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import { Link, useSearchParams } from 'react-router';
import type { TeamApplicationSummary } from '../../common/api/team-applications';
import { APPLICATION_STAGES, applicationStatusLabel, applicationStatusTone, type ApplicationStageCode } from '../../common/application-stages';
import { formatDate } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { OverdueMark } from '../lib/components/overdue-mark';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { StatusTag } from '../lib/components/status-tag';
import { useWorkQueues } from '../lib/work-queues-api';
import { EntryPagination } from '../lib/lists/pagination';
import { changedSearch, isPastFirstPage } from '../lib/lists/url-params';
import { UrlSelect } from '../lib/lists/url-select';
import { isApplicationOverdue, queueQuery, type QueueQuery } from './application-queue';
import { timeWaiting } from '../lib/time-waiting';
import { useApplicationQueue } from './application-review-api';
import { applicationReviewPaths } from './application-review-paths';

const STAGE_OPTIONS = [{ value: '', label: 'Any stage' }, ...APPLICATION_STAGES.map((stage) => ({ value: stage.code, label: stage.label }))];

export function ApplicationQueueScreen() {
  const [searchParams] = useSearchParams();
  const query = queueQuery(searchParams);
  const queue = useApplicationQueue(query);
  // The review target (REVIEW_TARGET_DAYS) is the server's; until it is known no row is marked.
  const targetDays = useWorkQueues().data?.reviewTargetDays;

  return (
    <div className="screen list-screen">
      <h1>Applications</h1>
      <p>
        Applications suppliers have submitted, the one waiting longest in its current stage first, then the published and declined ones. Open one to
        review its answers, decide on its services and move it on.
      </p>
      <div className="list-controls">
        <UrlSelect label="Show applications at stage" param="status" value={query.status ?? ''} options={STAGE_OPTIONS} />
      </div>
      {queue.isPending ? (
        <LoadingState label="Loading the applications…" />
      ) : queue.isError ? (
        <ErrorState message={`We could not load the applications. ${describeApiFailure(queue.error)}`} onRetry={() => void queue.refetch()} />
      ) : queue.data.applications.length === 0 ? (
        <EmptyQueue total={queue.data.total} status={query.status} query={query} searchParams={searchParams} />
      ) : (
        <>
          <p className="list-screen__count">
            {queue.data.total === 1 ? '1 application' : `${queue.data.total.toLocaleString('en-NZ')} applications`}
            {query.status ? ` at the stage ${applicationStatusLabel(query.status)}` : ''}
          </p>
          <QueueTable applications={queue.data.applications} now={new Date()} targetDays={targetDays} />
          <EntryPagination answer={queue.data} noun="applications" />
        </>
      )}
    </div>
  );
}

function EmptyQueue({ total, status, query, searchParams }: { total: number; status: ApplicationStageCode | undefined; query: QueueQuery; searchParams: URLSearchParams }) {
  if (total > 0 && isPastFirstPage(query)) {
    return (
      <div className="empty-state">
        <p>There are no applications on page {query.page ?? 1}.</p>
        <p>
          <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
        </p>
      </div>
    );
  }
  if (status !== undefined) {
    return (
      <div className="empty-state">
        <p>No applications are at the stage {applicationStatusLabel(status)}.</p>
        <p>
          <Link to={applicationReviewPaths.queue()}>Show applications at any stage</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <p>No supplier has submitted an application yet.</p>
      <p>Applications appear here as soon as suppliers submit them.</p>
    </div>
  );
}

function QueueTable({ applications, now, targetDays }: { applications: TeamApplicationSummary[]; now: Date; targetDays: number | undefined }) {
  return (
    <DataTable caption="Submitted applications" columns={['Supplier', 'Reference', 'Services requested', 'Stage', 'Time in this stage', 'Actions']}>
      {applications.map((application) => (
        <DataRow key={application.id}>
          <RowHeader>{application.supplierTradingName}</RowHeader>
          <DataCell label="Reference">{application.referenceId}</DataCell>
          <DataCell label="Services requested">
            {application.services.length === 0 ? 'None' : application.services.map((service) => service.title).join(', ')}
          </DataCell>
          <DataCell label="Stage">
            <StatusTag tone={applicationStatusTone(application.status)}>{applicationStatusLabel(application.status)}</StatusTag>
          </DataCell>
          <DataCell label="Time in this stage">
            {timeWaiting(application.stageReachedAt, now)}
            <span className="list-table__detail">since {formatDate(application.stageReachedAt)}</span>
            {isApplicationOverdue(application, now, targetDays) && <OverdueMark targetDays={targetDays} />}
          </DataCell>
          <DataCell label="Actions">
            <Link to={applicationReviewPaths.application(application.id)}>
              Review<span className="visually-hidden"> application {application.referenceId} from {application.supplierTradingName}</span>
            </Link>
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
