/**
 * "What needs doing" (issue 27 item 6), at the top of the dashboard's first screen: the active
 * supplier's billing reports due, its applications waiting on it and its unread messages, each a
 * link to where to do it. When nothing does, it says so: the panel never disappears.
 */
import '../styles/to-do.css';
import { Link } from 'react-router';
import type { ApplicationToDo, ReportDue, ToDoResponse } from '../../common/api/to-do';
import { billingPeriodLabel } from '../../common/reporting/billing-reports';
import { applicationsPaths } from '../applications/applications-paths';
import { useActiveSupplier } from '../lib/active-supplier';
import { describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { noticeName } from '../reporting/public';
import { reportingPaths } from '../reporting/reporting-paths';
import { supplierMessagesPaths } from '../threads/supplier-messages-paths';
import { useToDo } from './to-do-api';

const HEADING_ID = 'to-do-heading';

export function ToDoPanel() {
  const supplier = useActiveSupplier();
  const toDo = useToDo(supplier.supplierID);
  return (
    <section className="to-do" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} className="to-do__heading">
        What needs doing
      </h2>
      {toDo.isPending ? (
        <LoadingState label="Checking what needs doing…" />
      ) : toDo.isError ? (
        <ErrorState message={`We could not check what needs doing. ${describeApiFailure(toDo.error)}`} onRetry={() => void toDo.refetch()} />
      ) : (
        <ToDoLists toDo={toDo.data} />
      )}
    </section>
  );
}

function ToDoLists({ toDo }: { toDo: ToDoResponse }) {
  const { reportsDue, reportsDueTotal, applications, messages } = toDo;
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
          <h3 className="to-do__subheading">Messages</h3>
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
      <h3 className="to-do__subheading">Billing reports due</h3>
      <p>Report what you billed, excluding GST, for each month an engagement ran.</p>
      <ul className="to-do__list">
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

function servicesOf(application: ApplicationToDo): string {
  return application.services.length === 0 ? 'services not chosen yet' : application.services.map((service) => service.title).join(', ');
}

function ApplicationsToComplete({ applications }: { applications: readonly ApplicationToDo[] }) {
  return (
    <>
      <h3 className="to-do__subheading">Applications</h3>
      <ul className="to-do__list">
        {applications.map((application) =>
          application.status === 'incomplete' ? (
            <li key={application.id}>
              <Link to={applicationsPaths.applyScreen(application.referenceId)}>Finish and submit your application</Link> for {servicesOf(application)}
            </li>
          ) : (
            <li key={application.id}>
              <Link to={applicationsPaths.application(application.id)}>Send the listing details</Link> for your granted application for {servicesOf(application)}
            </li>
          ),
        )}
      </ul>
    </>
  );
}
