/**
 * /step/4 (announced as Confirmation): every answer, read-only, with a Change link to each step,
 * then the submission. The server checks every answer again; what it refuses is listed by step.
 */
import '../styles/progress-bar.css';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { AGENCY_QUESTION_STEPS, agencyPaths } from '../../common/agency-form';
import type { CompletedState } from './info-screens';
import type { FormDefinitionResponse } from '../../common/api/forms';
import { stepFieldKeys } from '../../common/forms/definition';
import { ApiError } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary } from '../lib/components/error-summary';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { ProgressBar } from '../lib/forms/progress-bar';
import { saveProblemOf } from '../lib/use-save';
import { submitAgencyApplication } from './agency-api';
import { HelpLink } from './help-link';
import { StartAgain } from './start-again';
import { hasSavedAnswers } from './stored-submission';
import { useSubmission } from './submission-store';

export function ConfirmScreen({ form }: { form: FormDefinitionResponse }) {
  const { submission, resetSubmission } = useSubmission();
  const navigate = useNavigate();
  const { id } = submission;
  const submit = useMutation({
    mutationFn: async () => {
      if (id === undefined) {
        return;
      }
      let reference: string | null = null;
      try {
        reference = (await submitAgencyApplication(id, submission.answers)).reference;
      } catch (error) {
        // Submitted already (in another tab, say): nothing is left to do here.
        if (!(error instanceof ApiError && error.status === 409)) {
          throw error;
        }
      }
      resetSubmission();
      await navigate(agencyPaths.completed(), { replace: true, state: { reference } satisfies CompletedState });
    },
  });
  const problem = submit.isError ? saveProblemOf(submit.error, 'Your registration could not be sent. Check your connection and try again.') : null;
  const stepOfField = (field: string | undefined) => form.steps.findIndex((step) => stepFieldKeys(step.schema).includes(field ?? ''));

  return (
    <div className="screen">
      <ProgressBar current={AGENCY_QUESTION_STEPS + 1} total={AGENCY_QUESTION_STEPS + 1} />
      <h1>Check your answers</h1>
      {id === undefined ? (
        <div className="notice">
          <p>Answer the questions first: your answers are not saved yet.</p>
          <p>
            <Link to={agencyPaths.step(1)}>Go to the first step</Link>
          </p>
        </div>
      ) : (
        <>
          <p>Check your answers before you send your registration. Once you send it, you can no longer change it.</p>
          {problem?.kind === 'fields' ? (
            <ErrorSummary
              title="Your registration is not complete"
              errors={problem.errors.map((error) => {
                const step = form.steps[stepOfField(error.path[0])];
                return { message: step ? `${step.title}: ${error.message}` : error.message };
              })}
            />
          ) : (
            problem && <ErrorState message={problem.message} />
          )}
          {form.steps.map((step, index) => (
            <AnswersSummary
              key={step.id}
              steps={[step]}
              answers={submission.answers}
              renderStepActions={() => (
                <Link to={agencyPaths.step(index + 1, { fromConfirm: true })}>
                  Change<span className="visually-hidden"> {step.title.toLowerCase()}</span>
                </Link>
              )}
            />
          ))}
          <h2>Send your registration</h2>
          <p>By sending it, you confirm that the information is true and that you may register this agency.</p>
          <div className="form-actions">
            <button type="button" className="button" disabled={submit.isPending} onClick={() => submit.mutate()}>
              {submit.isPending ? 'Sending…' : 'Accept and send'}
            </button>
            <Link to={agencyPaths.step(AGENCY_QUESTION_STEPS)}>Back</Link>
          </div>
        </>
      )}
      {hasSavedAnswers(submission) && (
        <div className="agency-form-footer">
          <StartAgain />
        </div>
      )}
      <HelpLink />
    </div>
  );
}
