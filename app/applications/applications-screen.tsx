/**
 * /applications (spec §2), the dashboard's first screen: what needs doing (app/next-steps/), then the
 * active supplier's applications, filtered by status (in the URL), with where to continue, view or
 * delete each, and a way to start one.
 */
import '../styles/applications.css';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApplicationSummary } from '../../common/api/applications';
import {
  APPLICATION_STATUSES,
  applicationStatusLabel,
  applicationStatusTone,
  isApplicationEditable,
  type ApplicationStatus,
} from '../../common/application-stages';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { StatusTag } from '../lib/components/status-tag';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { applicationQueryKeys, useApplications, useDeleteApplication } from './applications-api';
import { NextStepsPanel, useNextSteps } from '../next-steps/public';
import { useActiveSupplier } from '../lib/active-supplier';
import { useFirstLoad } from '../lib/use-first-load';
import { applicationsPaths } from './applications-paths';
import { Pagination } from '../lib/lists/pagination';
import { changedSearch, wholeNumberParam } from '../lib/lists/url-params';
import { MAX_PAGE_NUMBER } from '../../common/api/http';

function statusParam(value: string | null): ApplicationStatus | undefined {
  return APPLICATION_STATUSES.find((status) => status === value);
}

export function ApplicationsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusParam(searchParams.get('status'));
  const page = wholeNumberParam(searchParams.get('page'), MAX_PAGE_NUMBER);
  const applications = useApplications({ status, page });
  const nextSteps = useNextSteps(useActiveSupplier().supplierID);
  // What needs doing and the applications show together, neither pushing the other down as it arrives.
  const isFirstLoad = useFirstLoad([applications.isPending, nextSteps.isPending]);
  const deletion = useDeleteApplication();
  const queryClient = useQueryClient();
  const { headingRef, focusHeading } = useHeadingFocus();
  const filterId = useId();
  // A message from the apply screens, or this screen's own after a deletion.
  const [message, setMessage] = useFlashMessage();
  const [toDelete, setToDelete] = useState<ApplicationSummary | null>(null);
  const [deleteError, setDeleteError] = useState<string | undefined>();

  const closeDialog = () => {
    setToDelete(null);
    setDeleteError(undefined);
    deletion.reset();
  };

  const confirmDelete = () => {
    if (!toDelete) {
      return;
    }
    const { id, referenceId } = toDelete;
    deletion.mutate(id, {
      onSuccess: () => {
        closeDialog();
        setMessage(`Application ${referenceId} was deleted.`);
        focusHeading();
      },
      onError: (error) => setDeleteError(describeApiFailure(error)),
    });
  };

  return (
    <div className="screen applications-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        Applications
      </h1>
      <div role="status" className="applications-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {isFirstLoad ? (
        <LoadingState label="Loading your applications…" />
      ) : (
        <>
          {/* The dashboard's first screen (spec §2: / redirects here) says first what needs doing. */}
          <NextStepsPanel />
          <h2>Your applications</h2>
          <p>Your supplier&apos;s applications to provide services, with the status of each and where to continue.</p>
          <p>
            <Link
              className="button"
              to={applicationsPaths.applyScreen(undefined)}
              onClick={() => queryClient.removeQueries({ queryKey: applicationQueryKeys.draft(undefined) })}
            >
              Start an application
            </Link>
          </p>
          <div className="form-field applications-filter">
            <label className="form-field__label" htmlFor={filterId}>
              Show applications with status
            </label>
            <select
              id={filterId}
              className="form-field__input"
              value={status ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setMessage('');
                setSearchParams(value === '' ? {} : { status: value });
              }}
            >
              <option value="">Any status</option>
              {APPLICATION_STATUSES.map((code) => (
                <option key={code} value={code}>
                  {applicationStatusLabel(code)}
                </option>
              ))}
            </select>
          </div>
          {applications.isPending ? (
            <LoadingState label="Loading your applications…" />
          ) : applications.isError ? (
            <ErrorState message={`We could not load your applications. ${describeApiFailure(applications.error)}`} onRetry={() => void applications.refetch()} />
          ) : applications.data.applications.length === 0 && applications.data.total > 0 ? (
            <div className="empty-state">
              <p>There are no applications on page {applications.data.page}.</p>
              <p>
                <Link to={`?${changedSearch(searchParams, { page: undefined }).toString()}`}>Go to the first page</Link>
              </p>
            </div>
          ) : applications.data.applications.length === 0 ? (
            <div className="empty-state">
              <p>{status ? `You have no applications with the status ${applicationStatusLabel(status)}.` : 'You have no applications yet.'}</p>
              {status && (
                <p>
                  <Link to={applicationsPaths.applications()}>Show all applications</Link>
                </p>
              )}
            </div>
          ) : (
            <>
              <ApplicationTable applications={applications.data.applications} onDelete={setToDelete} />
              <Pagination page={applications.data.page} total={applications.data.total} pageSize={applications.data.pageSize} noun="your applications" />
            </>
          )}
          {toDelete && (
            <ConfirmDialog
              title={`Delete application ${toDelete.referenceId}?`}
              confirmLabel="Delete application"
              cancelLabel="Keep application"
              isPending={deletion.isPending}
              errorMessage={deleteError}
              onConfirm={confirmDelete}
              onCancel={closeDialog}
            >
              <p>Its answers and uploaded files will be lost. You can start a new application at any time.</p>
            </ConfirmDialog>
          )}
        </>
      )}
    </div>
  );
}

function ApplicationTable({ applications, onDelete }: { applications: ApplicationSummary[]; onDelete: (application: ApplicationSummary) => void }) {
  return (
    <DataTable caption="Your applications" columns={['Reference', 'Services', 'Status', 'Last edited', 'Actions']}>
      {applications.map((application) => {
        const isEditable = isApplicationEditable(application.status);
        return (
          <DataRow key={application.id}>
            <RowHeader>{application.referenceId}</RowHeader>
            <DataCell label="Services">
              {application.services.length === 0 ? 'None chosen yet' : application.services.map((service) => service.title).join(', ')}
            </DataCell>
            <DataCell label="Status">
              <StatusTag tone={applicationStatusTone(application.status)}>{applicationStatusLabel(application.status)}</StatusTag>
            </DataCell>
            <DataCell label="Last edited">{formatDateTime(application.lastEdited)}</DataCell>
            <DataCell label="Actions">
              <div className="data-table__actions">
                {isEditable ? (
                  <Link to={applicationsPaths.applyScreen(application.referenceId)}>
                    Continue<span className="visually-hidden"> application {application.referenceId}</span>
                  </Link>
                ) : (
                  <Link to={applicationsPaths.application(application.id)}>
                    View<span className="visually-hidden"> application {application.referenceId}</span>
                  </Link>
                )}
                {isEditable && (
                  <button type="button" className="link-button" onClick={() => onDelete(application)}>
                    Delete<span className="visually-hidden"> application {application.referenceId}</span>
                  </button>
                )}
              </div>
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
