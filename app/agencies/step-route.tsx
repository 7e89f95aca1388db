/**
 * /step/{n}: steps 1 to 3 are the form definition's steps, drawn by the form engine with the
 * step's precompiled validator; step 4 is the confirmation (check your answers, then submit).
 * "Save and continue" checks the step in the browser and saves; "Save and come back later" saves
 * what is there and emails the resume link (spec §4 "Agency resume").
 */
import '../styles/progress-bar.css';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AGENCY_CONFIRM_STEP, agencyPaths } from '../../common/agency-form';
import type { FormDefinitionResponse } from '../../common/api/forms';
import { stepFieldKeys, type FormData } from '../../common/forms/definition';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { NotFound } from '../lib/components/not-found';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { ProgressBar } from '../lib/forms/progress-bar';
import { useStepForm } from '../lib/forms/use-step-form';
import { saveProblemOf } from '../lib/use-save';
import { saveAgencyApplication, useAgencyForm } from './agency-api';
import { ConfirmScreen } from './confirm-screen';
import { HelpLink } from './help-link';
import type { SavedForLaterState } from './start-screen';
import { StartAgain } from './start-again';
import { hasSavedAnswers } from './stored-submission';
import { useSubmission } from './submission-store';

const SAVE_FAILED = 'Your answers could not be saved. Check your connection and try again.';

export function StepRoute() {
  const stepNumber = Number(useParams().step);
  const form = useAgencyForm();
  if (!Number.isInteger(stepNumber) || stepNumber < 1 || stepNumber > AGENCY_CONFIRM_STEP) {
    return <NotFound homeHref="/agency-form" homeLabel="Go to the start of the agency registration form" />;
  }
  if (form.isError) {
    return (
      <div className="screen">
        <h1>Register your agency</h1>
        <ErrorState message="The form could not be loaded. Check your connection, or reload the page." onRetry={() => void form.refetch()} />
      </div>
    );
  }
  if (!form.data) {
    return <LoadingState label="Loading the form…" />;
  }
  return stepNumber === AGENCY_CONFIRM_STEP ? <ConfirmScreen form={form.data} /> : <QuestionStep key={stepNumber} form={form.data} stepNumber={stepNumber} />;
}

/** The answers of a step's own fields. */
export function answersOfStep(schema: Record<string, unknown>, answers: FormData): FormData {
  const keys = stepFieldKeys(schema);
  return Object.fromEntries(Object.entries(answers).filter(([key]) => keys.includes(key)));
}

function QuestionStep({ form, stepNumber }: { form: FormDefinitionResponse; stepNumber: number }) {
  const step = form.steps[stepNumber - 1];
  const stepForm = useStepForm(form, step?.id);
  const { submission, setSubmission } = useSubmission();
  const [answers, setAnswers] = useState<FormData>(() => (step ? answersOfStep(step.schema, submission.answers) : {}));
  const navigate = useNavigate();
  const isFromConfirm = useSearchParams()[0].get('from') === 'confirm';
  const next = isFromConfirm ? AGENCY_CONFIRM_STEP : stepNumber + 1;

  const save = useMutation({
    mutationFn: async ({ data, mode }: { data: FormData; mode: 'continue' | 'later' }) => {
      const merged = { ...submission.answers, ...Object.fromEntries(stepFieldKeys(step?.schema ?? {}).map((key) => [key, undefined])), ...data };
      const all = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
      const lastStep = mode === 'later' ? stepNumber : next;
      const saved = await saveAgencyApplication(submission.id, { answers: all, lastStep, ...(mode === 'later' ? { sendResumeLink: true } : {}) });
      setSubmission({ id: saved.id, lastStep: saved.lastStep ?? lastStep, status: saved.status, answers: saved.answers });
      if (mode === 'later') {
        const state: SavedForLaterState = { savedTo: saved.resumeLinkSentTo ?? '', expiresAt: saved.expiresAt };
        await navigate(agencyPaths.start(), { state });
      } else {
        await navigate(agencyPaths.step(next));
      }
    },
  });
  const saving = save.isPending ? save.variables.mode : null;
  const problem = save.isError ? saveProblemOf(save.error, SAVE_FAILED) : null;

  if (!step) {
    return <NotFound homeHref="/agency-form" homeLabel="Go to the start of the agency registration form" />;
  }
  // A field of this step shows its problem by its input; any other in the notice.
  const keys = stepFieldKeys(step.schema);
  const stepErrors = problem?.kind === 'fields' ? problem.errors.filter((error) => keys.includes(error.path[0] ?? '')) : [];
  const otherProblem = problem?.kind === 'fields' && stepErrors.length === problem.errors.length ? null : problem;
  const isTerms = step.id === 'terms';
  const previous = stepNumber === 1 ? agencyPaths.start() : agencyPaths.step(stepNumber - 1);

  return (
    <div className="screen">
      <ProgressBar current={stepNumber} total={AGENCY_CONFIRM_STEP} />
      <h1>{step.title}</h1>
      {step.description !== undefined &&
        (isTerms ? (
          <div className="agency-terms">
            {step.description.split('\n\n').map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        ) : (
          <p>{step.description}</p>
        ))}
      <SaveProblemNotice problem={otherProblem} reloadLabel="Go to the start" onReload={() => void navigate(agencyPaths.start())} />
      {stepForm.isError ? (
        <ErrorState message="The questions could not be loaded." onRetry={() => void stepForm.refetch()} />
      ) : stepForm.data ? (
        <stepForm.data.SchemaForm
          step={step}
          validator={stepForm.data.validator}
          formData={answers}
          serverErrors={stepErrors}
          disabled={saving !== null}
          onChange={(data) => {
            setAnswers(data);
            // The server's word on an answer is about the answer it was sent: a changed one is judged afresh.
            if (stepErrors.length > 0) {
              save.reset();
            }
          }}
          onSubmit={(data) => save.mutate({ data, mode: 'continue' })}
        >
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving !== null}>
              {saving === 'continue' ? 'Saving…' : 'Save and continue'}
            </button>
            <button type="button" className="button button--secondary" disabled={saving !== null} onClick={() => save.mutate({ data: answers, mode: 'later' })}>
              {saving === 'later' ? 'Saving…' : 'Save and come back later'}
            </button>
            <Link to={isFromConfirm ? agencyPaths.step(AGENCY_CONFIRM_STEP) : previous}>Back</Link>
          </div>
        </stepForm.data.SchemaForm>
      ) : (
        <LoadingState label="Loading the questions…" />
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

