/**
 * The team app's home (issue 13, item 1): each queue of work waiting for the team, with how many
 * items it holds, how long the oldest has waited, and how many are past the review target, oldest
 * work first within each screen it links to.
 */
import { Link } from 'react-router';
import type { WorkQueue } from '../../common/api/queues';
import type { ApplicationStageCode } from '../../common/application-stages';
import { agencyReviewPaths } from '../agencies/agency-review-paths';
import { BackgroundJobsHomePanel, useBackgroundJobSummary } from '../background-jobs/public';
import { applicationReviewPaths } from '../applications/application-review-paths';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { StatusTag } from '../lib/components/status-tag';
import { getProductTeamName } from '../lib/product-team';
import { registrationReviewPaths } from '../registration/registration-review-paths';
import { supplierManagementPaths } from '../suppliers/supplier-management-paths';
import { ReportingMismatchesPanel, useReportingMismatches } from '../reporting/public';
import { teamReportingPaths } from '../reporting/team-reporting-paths';
import { teamInboxPaths } from '../threads/team-inbox-paths';
import { useWorkQueues } from '../lib/work-queues-api';
import { useFirstLoad } from '../lib/use-first-load';
import { teamListingsPaths } from '../listings/team-listings-paths';

/** The team's app screen that lists a queue's items. */
export function queuePath(queue: Pick<WorkQueue, 'key' | 'applicationStage'>): string {
  if (queue.applicationStage !== null) {
    return applicationReviewPaths.queue(queue.applicationStage as ApplicationStageCode);
  }
  switch (queue.key) {
    case 'supplier-registrations':
      return registrationReviewPaths.registrations();
    case 'supplier-detail-changes':
      return supplierManagementPaths.changes();
    case 'service-listings':
      return teamListingsPaths.queue();
    case 'agency-registrations':
      return agencyReviewPaths.agencies();
    case 'threads':
      return teamInboxPaths.inbox();
    case 'engagement-notices':
      return teamReportingPaths.engagementNotices('?status=submitted');
    case 'billing-reports':
      return teamReportingPaths.billingReports();
    default:
      return applicationReviewPaths.queue();
  }
}

/** "3 working days", "Less than a working day". */
export function workingDaysText(days: number): string {
  if (days < 1) {
    return 'Less than a working day';
  }
  return days === 1 ? '1 working day' : `${String(days)} working days`;
}

export function TeamHomeScreen() {
  const queues = useWorkQueues();
  const isFirstLoad = useFirstLoad([queues.isPending, useReportingMismatches().isPending, useBackgroundJobSummary().isPending]);
  if (isFirstLoad) {
    return (
      <Screen title="Team console">
        <p>The work waiting for the {getProductTeamName()}. Each queue lists its oldest items first.</p>
        <LoadingState label="Counting the work waiting…" />
      </Screen>
    );
  }
  return (
    <Screen title="Team console">
      <p>The work waiting for the {getProductTeamName()}. Each queue lists its oldest items first.</p>
      {queues.isPending ? (
        <LoadingState label="Counting the work waiting…" />
      ) : queues.isError ? (
        <ErrorState message={`We could not count the work waiting. ${describeApiFailure(queues.error)}`} onRetry={() => void queues.refetch()} />
      ) : (
        <>
          <p className="hint">
            The review target is {queues.data.reviewTargetDays} working days (Monday to Friday). Items waiting longer are marked overdue.
          </p>
          <DataTable caption="Work waiting for the team" columns={['Queue', 'Waiting', 'Oldest has waited', 'Past the target']}>
            {queues.data.queues.map((queue) => (
              <DataRow key={queue.key}>
                <RowHeader>
                  <Link to={queuePath(queue)}>{queue.label}</Link>
                  {queue.windowDays !== null && <span className="list-table__detail">In the last {queue.windowDays} days</span>}
                </RowHeader>
                <DataCell label="Waiting">{queue.count === 0 ? 'None' : String(queue.count)}</DataCell>
                <DataCell label="Oldest has waited">{queue.oldestAgeWorkingDays === null ? '—' : workingDaysText(queue.oldestAgeWorkingDays)}</DataCell>
                <DataCell label="Past the target">
                  {queue.overdueCount === 0 ? 'None' : <StatusTag tone="refused">{`${String(queue.overdueCount)} overdue`}</StatusTag>}
                </DataCell>
              </DataRow>
            ))}
          </DataTable>
        </>
      )}
      <ReportingMismatchesPanel />
      <BackgroundJobsHomePanel />
    </Screen>
  );
}
