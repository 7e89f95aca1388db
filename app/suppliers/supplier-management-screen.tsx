/**
 * The team app's /suppliers/{id}: everything about one supplier for the team, each in its section:
 * its status (and suspending or reinstating it with a reason), its details as the details form asks
 * them, its users, applications, engagement notices, billing reports and message threads (each
 * linked to its team screens screen), and its latest audit entries with a link to the full history.
 */
import '../styles/lists.css';
import '../styles/review.css';
import '../styles/supplier-management.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TeamSupplier } from '../../common/api/team-suppliers';
import { applicationStatusLabel, applicationStatusTone, APPLICATION_STATUSES, INCOMPLETE, type ApplicationStatus } from '../../common/application-stages';
import { formatDate, formatDateTime } from '../../common/dates';
import { supplierDetailsForm } from '../../common/supplier-details/form';
import { applicationReviewPaths } from '../applications/application-review-paths';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { DecisionRecordScreen } from '../lib/components/decision-panel';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { StatusTag } from '../lib/components/status-tag';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { businessNumbers } from '../../common/business-numbers';
import { noticeName, RecordStatusTag } from '../reporting/public';
import { teamReportingPaths } from '../reporting/team-reporting-paths';
import { teamInboxPaths } from '../threads/team-inbox-paths';
import { threadSubject } from '../threads/public';
import { useSupplierForTeam } from './supplier-management-api';
import {
  auditActionLabel,
  auditReason,
  billingReportName,
  statusAfterReinstating,
  statusChangedMessage,
  supplierLocation,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_STATUS_MEANINGS,
  SUPPLIER_STATUS_TONES,
  supplierAnswers,
} from './supplier-management-params';
import { supplierManagementPaths } from './supplier-management-paths';
import { SupplierStatusPanel } from './supplier-status-panel';

const KIND = 'Supplier';

export function SupplierManagementScreen() {
  const id = useRecordIdParam();
  const supplier = useSupplierForTeam(id);
  return (
    <DecisionRecordScreen
      kind={KIND}
      noun="supplier"
      className="supplier-management"
      record={supplier}
      isValidId={id > 0}
      notFound={
        <>
          <p>There is no supplier at this address. The link may be wrong.</p>
          <p>
            <Link to={supplierManagementPaths.suppliers()}>Go to the suppliers</Link>
          </p>
        </>
      }
      loadingLabel="Loading the supplier…"
      loadFailedMessage="We could not load this supplier."
      titleOf={(loaded) => loaded.tradingName}
    >
      {(loaded, outcome) => (
        <SupplierOverview
          supplier={loaded}
          statusPanel={
            <SupplierStatusPanel
              // A new status is a new form: the reason typed for the last change does not carry over.
              key={loaded.status}
              supplier={loaded}
              onChanged={(changed, change) => outcome.decided(statusChangedMessage(changed, change))}
              onConflict={outcome.conflicted}
            />
          }
        />
      )}
    </DecisionRecordScreen>
  );
}

function SupplierOverview({ supplier, statusPanel }: { supplier: TeamSupplier; statusPanel: ReactNode }) {
  return (
    <>
      <dl className="answers__list facts-list">
        <Fact term="Status">
          <StatusTag tone={SUPPLIER_STATUS_TONES[supplier.status]}>{SUPPLIER_STATUS_LABELS[supplier.status]}</StatusTag>
          <span className="list-table__detail">{SUPPLIER_STATUS_MEANINGS[supplier.status]}</span>
          {supplier.status === 'suspended' && (
            <span className="list-table__detail">Reinstating returns it to: {SUPPLIER_STATUS_LABELS[statusAfterReinstating(supplier)].toLowerCase()}.</span>
          )}
        </Fact>
        <Fact term="Legal name">{supplier.legalName}</Fact>
        <Fact term="Business number">
          {supplier.nzbn === null && supplier.abn === null ? (
            'Not given'
          ) : (
            <ul className="plain-list">
              {businessNumbers({ ...supplier, acn: null }).map((number) => (
                <li key={number}>{number}</li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact term="Located in">{supplierLocation(supplier)}</Fact>
        <Fact term="Supplier since">{formatDate(supplier.createdAt)}</Fact>
        <Fact term="Details last changed">{formatDateTime(supplier.updatedAt)}</Fact>
      </dl>
      {statusPanel}
      <Section id="supplier-details" title="Details">
        <AnswersSummary steps={supplierDetailsForm.steps} answers={supplierAnswers(supplier)} headingLevel={3} />
      </Section>
      <UsersSection supplier={supplier} />
      <ApplicationsSection supplier={supplier} />
      <NoticesSection supplier={supplier} />
      <ReportsSection supplier={supplier} />
      <ThreadsSection supplier={supplier} />
      <AuditSection supplier={supplier} />
      <p>
        <Link to={supplierManagementPaths.suppliers()}>Back to the suppliers</Link>
      </p>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="answers__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="answers__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function UsersSection({ supplier }: { supplier: TeamSupplier }) {
  return (
    <Section id="supplier-users" title="Users">
      {supplier.users.length === 0 ? (
        <p>{supplier.tradingName} has no users.</p>
      ) : (
        <DataTable caption={`Users of ${supplier.tradingName}`} columns={['Name', 'Email', 'Role']}>
          {supplier.users.map((user) => (
            <DataRow key={user.id}>
              <RowHeader>{user.name}</RowHeader>
              <DataCell label="Email">
                <span className="review-email">{user.email}</span>
              </DataCell>
              <DataCell label="Role">{user.isAdmin ? 'Administrator' : 'Member'}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function isApplicationStatus(status: string): status is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(status);
}

function ApplicationsSection({ supplier }: { supplier: TeamSupplier }) {
  return (
    <Section id="supplier-applications" title="Applications">
      {supplier.applications.length === 0 ? (
        <p>{supplier.tradingName} has not started an application.</p>
      ) : (
        <DataTable caption={`Applications of ${supplier.tradingName}, newest first`} columns={['Reference', 'Status', 'Started', 'Submitted']}>
          {supplier.applications.map((application) => (
            <DataRow key={application.id}>
              <RowHeader>
                {/* The team sees an application once it is submitted. */}
                {application.status === INCOMPLETE ? (
                  application.referenceId
                ) : (
                  <Link to={applicationReviewPaths.application(application.id)}>{application.referenceId}</Link>
                )}
              </RowHeader>
              <DataCell label="Status">
                {isApplicationStatus(application.status) ? (
                  <StatusTag tone={applicationStatusTone(application.status)}>{applicationStatusLabel(application.status)}</StatusTag>
                ) : (
                  application.status
                )}
              </DataCell>
              <DataCell label="Started">{formatDate(application.createdAt)}</DataCell>
              <DataCell label="Submitted">{application.submittedAt === null ? 'Not yet' : formatDate(application.submittedAt)}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function NoticesSection({ supplier }: { supplier: TeamSupplier }) {
  return (
    <Section id="supplier-notices" title="Engagement notices">
      {supplier.engagementNotices.length === 0 ? (
        <p>{supplier.tradingName} has not submitted an engagement notice.</p>
      ) : (
        <DataTable caption={`Engagement notices of ${supplier.tradingName}, latest change first`} columns={['Engagement', 'Reference', 'Status', 'Submitted', 'Last changed']}>
          {supplier.engagementNotices.map((notice) => (
            <DataRow key={notice.id}>
              <RowHeader>
                <Link to={teamReportingPaths.engagementNotice(notice.id)}>{noticeName(notice)}</Link>
              </RowHeader>
              <DataCell label="Reference">{notice.reference ?? 'Not given'}</DataCell>
              <DataCell label="Status">
                <RecordStatusTag status={notice.status} />
              </DataCell>
              <DataCell label="Submitted">{notice.submittedAt === null ? 'Not yet' : formatDate(notice.submittedAt)}</DataCell>
              <DataCell label="Last changed">{formatDate(notice.lastEdited)}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
      <p>
        <Link to={teamReportingPaths.engagementNotices(`?supplier=${String(supplier.id)}`)}>
          See {supplier.tradingName}&apos;s engagement notices in the notices list
        </Link>
      </p>
    </Section>
  );
}

function ReportsSection({ supplier }: { supplier: TeamSupplier }) {
  return (
    <Section id="supplier-reports" title="Billing reports">
      {supplier.billingReports.length === 0 ? (
        <p>{supplier.tradingName} has not submitted a billing report.</p>
      ) : (
        <DataTable caption={`Billing reports of ${supplier.tradingName}, latest change first`} columns={['Billing report', 'Status', 'Submitted', 'Last changed']}>
          {supplier.billingReports.map((report) => (
            <DataRow key={report.id}>
              <RowHeader>
                <Link to={teamReportingPaths.billingReport(report.id)}>{billingReportName(report, supplier.engagementNotices)}</Link>
              </RowHeader>
              <DataCell label="Status">
                <RecordStatusTag status={report.status} />
              </DataCell>
              <DataCell label="Submitted">{report.submittedAt === null ? 'Not yet' : formatDate(report.submittedAt)}</DataCell>
              <DataCell label="Last changed">{formatDate(report.lastEdited)}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
      <p>
        <Link to={teamReportingPaths.billingReports(`?supplier=${String(supplier.id)}`)}>
          See {supplier.tradingName}&apos;s billing reports in the reports list
        </Link>
      </p>
    </Section>
  );
}

function ThreadsSection({ supplier }: { supplier: TeamSupplier }) {
  return (
    <Section id="supplier-threads" title="Message threads">
      {supplier.threads.length === 0 ? (
        <p>No one at {supplier.tradingName} has written to the team.</p>
      ) : (
        <DataTable caption={`Message threads of ${supplier.tradingName}, latest activity first`} columns={['Thread', 'About', 'Status', 'Last activity']}>
          {supplier.threads.map((thread) => (
            <DataRow key={thread.id}>
              <RowHeader>
                <Link to={teamInboxPaths.thread(thread.id)}>{thread.title}</Link>
              </RowHeader>
              <DataCell label="About">{threadSubject(thread.model).label}</DataCell>
              <DataCell label="Status">
                {thread.isResolved ? <StatusTag tone="done">Resolved</StatusTag> : <StatusTag tone="waiting">Open</StatusTag>}
              </DataCell>
              <DataCell label="Last activity">
                <time dateTime={thread.updatedAt}>{formatDateTime(thread.updatedAt)}</time>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function AuditSection({ supplier }: { supplier: TeamSupplier }) {
  return (
    <Section id="supplier-audit" title="Latest changes">
      {supplier.auditHistory.length === 0 ? (
        <p>No changes to {supplier.tradingName} are recorded in the audit log.</p>
      ) : (
        <DataTable caption={`Latest audit entries of ${supplier.tradingName}, newest first`} columns={['What happened', 'Who', 'When', 'Reason']}>
          {supplier.auditHistory.map((entry) => (
            <DataRow key={entry.id}>
              <RowHeader>{auditActionLabel(entry.action)}</RowHeader>
              <DataCell label="Who">{entry.actor === null ? 'The system' : entry.actor.name}</DataCell>
              <DataCell label="When">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </DataCell>
              <DataCell label="Reason">
                <span className="review-reasons">{auditReason(entry) ?? 'None recorded'}</span>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
      <p>
        <Link to={supplierManagementPaths.auditHistory(supplier.id)}>See the full audit history</Link>
      </p>
    </Section>
  );
}
