/**
 * /resume/{id}: no screen of its own (spec §4 "Agency resume"). It loads the saved application,
 * keeps it as the submission, and goes where agencyResumeTarget says: completed, the saved step,
 * or step one. An unknown or expired link explains itself and offers to start again.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { agencyPaths, agencyResumeTarget } from '../../common/agency-form';
import type { CompletedState } from './info-screens';
import { ApiError } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { fetchAgencyApplication } from './agency-api';
import { StartAgain } from './start-again';
import { useSubmission } from './submission-store';

export function ResumeRoute() {
  const { id = '' } = useParams();
  const { setSubmission, resetSubmission } = useSubmission();
  const navigate = useNavigate();
  const application = useQuery({ queryKey: ['agency-application', id], queryFn: () => fetchAgencyApplication(id), retry: false, gcTime: 0 });

  const { data } = application;
  useEffect(() => {
    if (!data) {
      return;
    }
    const target = agencyResumeTarget(data);
    if (target.kind === 'completed') {
      resetSubmission();
      void navigate(agencyPaths.completed(), { replace: true, state: { reference: data.reference } satisfies CompletedState });
    } else {
      setSubmission({ id: data.id, status: data.status, answers: data.answers, ...(data.lastStep === null ? {} : { lastStep: data.lastStep }) });
      void navigate(agencyPaths.step(target.step), { replace: true });
    }
  }, [data, navigate, setSubmission, resetSubmission]);

  if (application.error instanceof ApiError && (application.error.status === 404 || application.error.status === 410 || application.error.status === 400)) {
    const isExpired = application.error.status === 410;
    return (
      <Screen title={isExpired ? 'This link has expired' : 'We could not find your saved answers'}>
        <p>
          {isExpired
            ? 'Saved answers are kept for a limited time after they were last saved, and this link is past it.'
            : 'This link does not match any saved agency registration. Check you copied the whole link from the email.'}
        </p>
        <p>You can start the agency registration form again.</p>
        <div className="form-actions">
          <StartAgain />
        </div>
      </Screen>
    );
  }
  if (application.isError) {
    return (
      <Screen title="Opening your saved answers">
        <ErrorState message="Your saved answers could not be loaded. Check your connection and try again." onRetry={() => void application.refetch()} />
      </Screen>
    );
  }
  return <LoadingState label="Opening your saved answers…" />;
}
