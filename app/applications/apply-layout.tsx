/**
 * /applications/apply[/{referenceId}]: loads the application being written (or starts a new one)
 * and gives it to the child screens; a submitted (no longer editable) application goes to its details page,
 * and `/applications/apply/{referenceId}` resumes on the screen its progress names.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { isApplicationEditable } from '../../common/application-stages';
import { ApiError } from '../lib/api';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useScreenTitle } from '../lib/routing';
import { useApplicationDraft, type ApplicationDraft } from './applications-api';
import { screenAt } from './apply-flow';
import '../styles/applications.css';
import { applicationsPaths } from './applications-paths';

type DraftQuery = UseQueryResult<ApplicationDraft>;

export function ApplyLayout() {
  const { referenceId } = useParams();
  const draft = useApplicationDraft(referenceId);
  const { pathname } = useLocation();
  if (draft.data && !isApplicationEditable(draft.data.status) && draft.data.id !== undefined && !pathname.endsWith('/success')) {
    return <Navigate to={applicationsPaths.application(draft.data.id)} replace />;
  }
  return <Outlet context={draft} />;
}

/** The in-progress application of the apply screens. */
export function useDraftQuery(): DraftQuery {
  return useOutletContext<DraftQuery>();
}

function loadFailure(error: Error): string {
  if (error instanceof ApiError && error.status === 404) {
    return error.message;
  }
  return 'We could not load your application. Check your connection and try again.';
}

/**
 * An apply screen: its h1 at once, then its content once the application is loaded. A title that
 * depends on the application (a step's topic) is `title(draft)`, `pendingTitle` until it is loaded;
 * the document is titled with it.
 */
export function ApplyScreen({
  title,
  pendingTitle = 'Apply for services',
  children,
}: {
  title: string | ((draft: ApplicationDraft) => string);
  pendingTitle?: string;
  children: (draft: ApplicationDraft) => ReactNode;
}) {
  const draft = useDraftQuery();
  const dataTitle = typeof title === 'function' && draft.data ? title(draft.data) : undefined;
  useScreenTitle(dataTitle);
  return (
    <Screen title={typeof title === 'string' ? title : (dataTitle ?? pendingTitle)}>
      {draft.isPending ? (
        <LoadingState label="Loading your application…" />
      ) : draft.isError ? (
        <>
          <ErrorState message={loadFailure(draft.error)} onRetry={() => void draft.refetch()} />
          <p>
            <Link to={applicationsPaths.applications()}>Back to your applications</Link>
          </p>
        </>
      ) : (
        children(draft.data)
      )}
    </Screen>
  );
}

/** `/applications/apply/{referenceId}`: on to the screen the application was saved at. */
export function ResumeApplication() {
  const { referenceId } = useParams();
  const draft = useDraftQuery();
  if (referenceId === undefined) {
    return <Navigate to="company-details" replace />;
  }
  if (draft.isSuccess) {
    return <Navigate to={applicationsPaths.applyScreen(referenceId, screenAt(draft.data.progress, draft.data.form?.steps.length ?? 0))} replace />;
  }
  if (draft.isError && draft.error instanceof ApiError && draft.error.status === 404) {
    // No such application: the first screen says so (spec §2: the apply root goes to company-details).
    return <Navigate to="company-details" replace />;
  }
  return (
    <Screen title="Apply for services">
      {draft.isError ? <ErrorState message={loadFailure(draft.error)} onRetry={() => void draft.refetch()} /> : <LoadingState label="Loading your application…" />}
    </Screen>
  );
}
