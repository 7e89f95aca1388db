/**
 * The team app's /background-jobs: the mail and other background jobs the portal could not finish,
 * newest first, 20 a page: what each is, why its last try failed, its tries and when it is tried
 * next. A team admin retries one (a failed one goes back on the queue, a waiting one runs now) or
 * cancels it (a waiting one) or dismisses it (a failed one), after confirming. A team member who is
 * not an admin is told who can; the list is not asked for.
 */
import '../styles/lists.css';
import '../styles/applications.css';
import '../styles/background-jobs.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import type { BackgroundJob } from '../../common/api/background-jobs';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { StatusTag } from '../lib/components/status-tag';
import { UpdatingList } from '../lib/components/updating-list';
import { EmptyList } from '../lib/lists/empty-list';
import { Pagination } from '../lib/lists/pagination';
import { wholeNumberParam } from '../lib/lists/url-params';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { backgroundJobPaths } from './background-job-paths';
import { useBackgroundJobAction, useBackgroundJobs, useBackgroundJobSummary, type BackgroundJobAction } from './background-jobs-api';
import {
  actionLabels,
  attemptsText,
  cancelConfirmation,
  countsText,
  jobStateTag,
  nextTryText,
  outcomeMessage,
  reasonText,
} from './background-job-words';

export const NOT_A_TEAM_ADMIN_MESSAGE =
  'Only team admins can see failed mail and jobs, and retry or cancel them. Ask a team admin if a mail has not arrived.';
export const ALREADY_HANDLED_MESSAGE =
  'That mail or job is no longer failed or waiting: it may have been sent, retried or cancelled already. The list now shows what is left.';

export function BackgroundJobsScreen() {
  const [searchParams] = useSearchParams();
  const page = wholeNumberParam(searchParams.get('page'), MAX_PAGE_NUMBER) ?? 1;
  const summary = useBackgroundJobSummary();
  const canManage = summary.data?.canManage === true;
  const jobs = useBackgroundJobs(page, canManage);
  const act = useBackgroundJobAction();
  const { headingRef, focusHeading } = useHeadingFocus();
  const [message, setMessage] = useState('');
  const [actionError, setActionError] = useState('');
  const [cancelling, setCancelling] = useState<BackgroundJob | null>(null);
  const [dialogError, setDialogError] = useState<string | undefined>();

  function failureOf(error: unknown): string {
    return error instanceof ApiError && error.status === 404 ? ALREADY_HANDLED_MESSAGE : describeApiFailure(error);
  }

  function run(job: BackgroundJob, action: BackgroundJobAction, onDone: () => void) {
    // The buttons stay enabled while an action runs (a disabled button drops the keyboard focus): a second press waits its turn.
    if (act.isPending) {
      return;
    }
    setMessage('');
    setActionError('');
    act.mutate(
      { id: job.id, action },
      {
        onSuccess: (answer) => {
          onDone();
          setMessage(outcomeMessage(answer.outcome, job));
          // The row whose button was used is gone or changed: start again from the screen's heading.
          focusHeading();
        },
        onError: (error) => (action === 'cancel' ? setDialogError(failureOf(error)) : setActionError(failureOf(error))),
      },
    );
  }

  function closeDialog() {
    setCancelling(null);
    setDialogError(undefined);
    act.reset();
  }

  const confirmation = cancelling === null ? null : cancelConfirmation(cancelling);
  return (
    <div className="screen list-screen background-jobs-screen">
      <h1 ref={headingRef} tabIndex={-1}>
        Failed mail and jobs
      </h1>
      <p>
        Emails and other work the portal does in the background that could not be finished. An email that could not be sent is tried
        again by itself, waiting longer each time; after its last try it is marked failed and waits here for you.
      </p>
      <p>Once the cause is fixed (for example, the mail server is working again), retry it. Cancel one that should not be sent any more.</p>
      <div role="status" className="background-jobs-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <div role="alert">{actionError !== '' && <p className="alert alert--error">{actionError}</p>}</div>
      {summary.isPending ? (
        <LoadingState label="Loading failed mail and jobs…" />
      ) : summary.isError ? (
        <ErrorState message={`We could not load failed mail and jobs. ${describeApiFailure(summary.error)}`} onRetry={() => void summary.refetch()} />
      ) : !canManage ? (
        <p className="notice">{NOT_A_TEAM_ADMIN_MESSAGE}</p>
      ) : jobs.isPending ? (
        <LoadingState label="Loading failed mail and jobs…" />
      ) : jobs.isError ? (
        <ErrorState message={`We could not load failed mail and jobs. ${describeApiFailure(jobs.error)}`} onRetry={() => void jobs.refetch()} />
      ) : (
        <UpdatingList isUpdating={jobs.isPlaceholderData}>
          {jobs.data.jobs.length === 0 ? (
            <EmptyList noun="failed or waiting mail or jobs" page={jobs.data.page} total={jobs.data.total} isFiltered={false} listPath={backgroundJobPaths.backgroundJobs()}>
              <h2 className="background-jobs-screen__empty-heading">No failed or waiting mail or jobs</h2>
              <p>Every email has been sent and every background job has finished. If one fails, it will be listed here with the reason.</p>
            </EmptyList>
          ) : (
            <>
              <p className="list-screen__count">
                {countsText(summary.data)}
                {summary.data.failed + summary.data.waiting > 0 ? '.' : ''}
              </p>
              <JobsTable
                jobs={jobs.data.jobs}
                onRetry={(job) => run(job, 'retry', () => undefined)}
                onCancel={(job) => {
                  setMessage('');
                  setActionError('');
                  setCancelling(job);
                }}
              />
              <Pagination page={jobs.data.page} total={jobs.data.total} pageSize={jobs.data.pageSize} noun="failed mail and jobs" />
            </>
          )}
        </UpdatingList>
      )}
      {cancelling !== null && confirmation !== null && (
        <ConfirmDialog
          title={confirmation.title}
          confirmLabel={confirmation.confirmLabel}
          cancelLabel="Keep it"
          isPending={act.isPending}
          errorMessage={dialogError}
          onConfirm={() => run(cancelling, 'cancel', closeDialog)}
          onCancel={closeDialog}
        >
          <p>{confirmation.body}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function JobsTable({
  jobs,
  onRetry,
  onCancel,
}: {
  jobs: readonly BackgroundJob[];
  onRetry: (job: BackgroundJob) => void;
  onCancel: (job: BackgroundJob) => void;
}) {
  return (
    <DataTable caption="Failed mail and jobs, newest first" columns={['What', 'Why it failed', 'Tries', 'Next try', 'Actions']}>
      {jobs.map((job) => {
        const tag = jobStateTag(job);
        const labels = actionLabels(job);
        return (
          <DataRow key={job.id}>
            <RowHeader>
              <span className="background-jobs-screen__what">{job.label}</span>
              <span className="list-table__detail background-jobs-screen__text">{job.description}</span>
              <StatusTag tone={tag.tone}>{tag.label}</StatusTag>
            </RowHeader>
            <DataCell label="Why it failed">
              <span className="background-jobs-screen__text">{reasonText(job)}</span>
            </DataCell>
            <DataCell label="Tries">{attemptsText(job)}</DataCell>
            <DataCell label="Next try">{nextTryText(job)}</DataCell>
            <DataCell label="Actions">
              <span className="background-jobs-screen__actions">
                <button type="button" className="link-button" onClick={() => onRetry(job)}>
                  {labels.retry}{' '}
                  <span className="visually-hidden">{job.description}</span>
                </button>
                <button type="button" className="link-button" onClick={() => onCancel(job)}>
                  {labels.cancel}{' '}
                  <span className="visually-hidden">{job.description}</span>
                </button>
              </span>
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
