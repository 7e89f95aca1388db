/**
 * "What needs doing" (issue 27 item 6), at the top of the dashboard's first screen: the active
 * supplier's billing reports due, its applications waiting on it and its unread messages, each a
 * link to where to do it. When nothing does, it says so: the panel never disappears.
 */
import '../styles/next-steps.css';
import { Link } from 'react-router';
import type { ApplicationNextStep, ReportDue, NextStepsResponse } from '../../common/api/next-steps';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { applicationsPaths } from '../applications/applications-paths';
import { listingsPaths } from '../listings/listings-paths';
import { useActiveSupplier } from '../lib/active-supplier';
import { describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { noticeName } from '../reporting/public';
import { reportingPaths } from '../reporting/reporting-paths';
import { supplierMessagesPaths } from '../threads/supplier-messages-paths';
import { useNextSteps } from './next-steps-api';

const HEADING_ID = 'next-steps-heading';

export function NextStepsPanel() {
  const supplier = useActiveSupplier();
  const nextSteps = useNextSteps(supplier.supplierID);
  return (
    <section className="next-steps" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} className="next-steps__heading">
        What needs doing
      </h2>
      {nextSteps.isPending ? (
        <LoadingState label="Checking what needs doing…" />
      ) : nextSteps.isError ? (
        <ErrorState message={`We could not check what needs doing. ${describeApiFailure(nextSteps.error)}`} onRetry={() => void nextSteps.refetch()} />
      ) : (
        <NextStepsLists nextSteps={nextSteps.data} />
      )}
    </section>
  );
}

function NextStepsLists({ nextSteps }: { nextSteps: NextStepsResponse }) {
  const { reportsDue, reportsDueTotal, applications, messages } = nextSteps;
  if (reportsDueTotal === 0 && applications.length === 0 && messages.unreadMessages === 0) {
    return (
      <>
        <p>Nothing needs doing right now.</p>
        <p className="hint">Billing reports due, applications to finish and messages from the marketplace team will show here when they need you.</p>
      </>
    );
  }
  return (
    <>
      {reportsDueTotal > 0 && <ReportsDue reports={reportsDue} total={reportsDueTotal} />}
      {applications.length > 0 && <ApplicationsToComplete applications={applications} />}
      {messages.unreadMessages > 0 && (
        <>
          <h3 className="next-steps__subheading">Messages</h3>
          <p>
            <Link to={supplierMessagesPaths.messages()}>
              {messages.unreadMessages === 1 ? '1 unread message' : `${String(messages.unreadMessages)} unread messages`} from the marketplace team
              {messages.unreadThreads > 1 ? ` in ${String(messages.unreadThreads)} conversations` : ''}
            </Link>
          </p>
        </>
      )}
    </>
  );
}

function ReportsDue({ reports, total }: { reports: readonly ReportDue[]; total: number }) {
  return (
    <>
      <h3 className="next-steps__subheading">Billing reports due</h3>
      <p>Report what you billed, excluding GST, for each month an engagement ran.</p>
      <ul className="next-steps__list">
        {reports.map((report) => (
          <li key={`${String(report.engagementNotice.id)}:${report.billingPeriod}`}>
            <Link to={reportingPaths.submitBillingReportFor(report.engagementNotice.id, report.billingPeriod)}>
              Submit a billing report for {billingPeriodLabel(report.billingPeriod)}: {noticeName(report.engagementNotice)}
            </Link>
            {report.engagementNotice.agencyName ? ` for ${report.engagementNotice.agencyName}` : ''}
          </li>
        ))}
      </ul>
      {total > reports.length && (
        <p>
          {`The ${String(reports.length)} oldest of ${String(total)} billing reports due are listed. `}
          <Link to={reportingPaths.billingReports()}>Go to your billing reports</Link>
        </p>
      )}
    </>
  );
}

function servicesOf(application: ApplicationNextStep): string {
  return application.services.length === 0 ? 'services not chosen yet' : application.services.map((service) => service.title).join(', ');
}

function ApplicationsToComplete({ applications }: { applications: readonly ApplicationNextStep[] }) {
  return (
    <>
      <h3 className="next-steps__subheading">Applications</h3>
      <ul className="next-steps__list">
        {applications.map((application) =>
          application.status === 'incomplete' ? (
            <li key={application.id}>
              <Link to={applicationsPaths.applyScreen(application.referenceId)}>Finish and submit your application</Link> for {servicesOf(application)}
            </li>
          ) : (
            <li key={application.id}>
              <Link to={listingsPaths.listings()}>Write and send your service listings</Link> for your granted application for {servicesOf(application)}
            </li>
          ),
        )}
      </ul>
    </>
  );
}
