/**
 * /applications/application/{id}: an application's progress through the stages of spec §4, its
 * services with the decision on each, and its messages with the marketplace team; /data: the
 * answers it holds, as submitted.
 */
import '../styles/applications.css';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ApplicationResponse, ServiceWithStatus } from '../../common/api/applications';
import { applicationStatusLabel, isApplicationEditable, type StatusTone } from '../../common/application-stages';
import { ApiError } from '../lib/api';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { StatusTag } from '../lib/components/status-tag';
import { getPageData } from '../lib/page-data';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { MessagesPanel } from '../threads/public';
import { useApplication } from './applications-api';
import { formatDateTime } from '../../common/dates';
import { StatusTracker } from './status-tracker';
import { applicationsPaths } from './applications-paths';

const SERVICE_STATUS_LABELS: Record<ServiceWithStatus['status'], string> = {
  requested: 'Requested',
  granted: 'Granted',
  declined: 'Declined',
};

const SERVICE_STATUS_TONES: Record<ServiceWithStatus['status'], StatusTone> = {
  requested: 'waiting',
  granted: 'done',
  declined: 'refused',
};

function LoadedApplication({ title, children }: { title: string; children: (application: ApplicationResponse) => ReactNode }) {
  const { id = '' } = useParams();
  const application = useApplication(Number(id));
  let content: ReactNode;
  if (!/^[1-9][0-9]*$/.test(id) || (application.error instanceof ApiError && application.error.status === 404)) {
    content = (
      <>
        <p>There is no such application among your supplier&apos;s applications.</p>
        <p>
          <Link to={applicationsPaths.applications()}>Back to your applications</Link>
        </p>
      </>
    );
  } else if (application.isError) {
    content = <ErrorState message="We could not load this application." onRetry={() => void application.refetch()} />;
  } else if (application.isPending) {
    content = <LoadingState label="Loading the application…" />;
  } else {
    content = children(application.data);
  }
  return <Screen title={title}>{content}</Screen>;
}

export function ApplicationDetailsScreen() {
  return <LoadedApplication title="Application details">{(application) => <Details application={application} />}</LoadedApplication>;
}

function Details({ application }: { application: ApplicationResponse }) {
  const isEditable = isApplicationEditable(application.status);
  return (
    <>
      <dl className="answers__list">
        <div className="answers__row">
          <dt>Reference</dt>
          <dd>{application.referenceId}</dd>
        </div>
        <div className="answers__row">
          <dt>Status</dt>
          <dd>{applicationStatusLabel(application.status)}</dd>
        </div>
        <div className="answers__row">
          <dt>Last edited</dt>
          <dd>{formatDateTime(application.lastEdited)}</dd>
        </div>
      </dl>
      <p className="application-links">
        {isEditable && (
          <Link className="button" to={applicationsPaths.applyScreen(application.referenceId)}>
            Continue the application
          </Link>
        )}
        <Link to={applicationsPaths.applicationData(application.id)}>See the answers given in this application</Link>
      </p>
      <section aria-labelledby="progress-heading">
        <h2 id="progress-heading">Progress</h2>
        {isEditable ? (
          <p>This application has not been submitted yet.</p>
        ) : (
          <StatusTracker status={application.status} statusTimestamps={application.statusTimestamps} productName={getPageData().productName} />
        )}
      </section>
      <section aria-labelledby="services-heading">
        <h2 id="services-heading">Services</h2>
        {application.servicesWithStatus.length === 0 ? (
          <p>No services chosen yet.</p>
        ) : (
          <DataTable caption="Services applied for" columns={['Service', 'Catalogue', 'Decision']}>
            {application.servicesWithStatus.map((service) => (
              <DataRow key={service.id}>
                <RowHeader>{service.title}</RowHeader>
                <DataCell label="Catalogue">{service.catalogue.title}</DataCell>
                <DataCell label="Decision">
                  <StatusTag tone={SERVICE_STATUS_TONES[service.status]}>{SERVICE_STATUS_LABELS[service.status]}</StatusTag>
                  {service.declineReason !== null && <p className="service-decision__reason">The team&apos;s reason: {service.declineReason}</p>}
                </DataCell>
              </DataRow>
            ))}
          </DataTable>
        )}
      </section>
      <MessagesPanel model="application" recordId={application.id} />
      <p>
        <Link to={applicationsPaths.applications()}>Back to your applications</Link>
      </p>
    </>
  );
}

export function ApplicationDataScreen() {
  return <LoadedApplication title="Application data">{(application) => <Data application={application} />}</LoadedApplication>;
}

function Data({ application }: { application: ApplicationResponse }) {
  return (
    <>
      <p>
        The answers given in application <strong>{application.referenceId}</strong>
        {isApplicationEditable(application.status) ? ' so far.' : ', as they were submitted.'}
      </p>
      <section className="answers__section" aria-labelledby="data-services">
        <div className="answers__heading">
          <h2 id="data-services">Services</h2>
        </div>
        <ul>
          {application.servicesWithStatus.map((service) => (
            <li key={service.id}>
              {service.title} ({service.catalogue.title})
            </li>
          ))}
        </ul>
        <p>{application.data.termsAccepted === true ? 'The terms and conditions were accepted.' : 'The terms and conditions are not accepted yet.'}</p>
      </section>
      {application.form.steps.map((step) => (
        <AnswersSummary
          key={step.id}
          steps={[step]}
          answers={application.data.answers[step.id] ?? {}}
          fileName={(id) => application.files[id]}
        />
      ))}
      <p>
        <Link to={applicationsPaths.application(application.id)}>Back to the application</Link>
      </p>
    </>
  );
}
