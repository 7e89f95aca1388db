/**
 * /applications/apply[/{referenceId}]/step/{n}: the n-th step of the form composed for the chosen
 * services, drawn by the form engine with its precompiled validator. "Save and continue" checks the
 * step and saves; "Save and come back later" saves what is there and returns to the list.
 */
import '../styles/progress-bar.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { FormData } from '../../common/forms/definition';
import { uploadFields } from '../../common/forms/uploads';
import { isRecord } from '../../common/is-record';
import { answersAskedBy } from '../../common/supplier-details/insurance';
import { useActiveSupplier } from '../lib/active-supplier';
import { useSupplierDetails } from '../supplier-details/public';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { ProgressBar } from '../lib/forms/progress-bar';
import { useStepForm } from '../lib/forms/use-step-form';
import { reloadDraft, saveDraft, type ApplicationDraft } from './applications-api';
import { nextAfterStep, previousBeforeStep, progressOf } from './apply-flow';
import { ApplyScreen } from './apply-layout';
import type { FlashState } from '../lib/use-flash-message';
import { splitStepProblem } from '../lib/use-save';
import { useApplicationSave } from './use-flow-save';
import { applicationsPaths } from './applications-paths';

/** A step's h1 is its topic ("Your offer"); "Step n of m" is its caption. */
function stepTitle(draft: ApplicationDraft, stepNumber: number): string {
  return draft.form?.steps[stepNumber - 1]?.title ?? 'Answer the questions';
}

export function ApplicationStepScreen() {
  const { id = '1' } = useParams();
  // A step not answered yet starts from what the supplier details already say (insurance).
  const details = useSupplierDetails(useActiveSupplier().supplierID);
  return (
    <ApplyScreen title={(draft) => stepTitle(draft, Number(id))}>
      {(draft) =>
        details.isPending ? (
          <LoadingState label="Loading your answers…" />
        ) : draft.form ? (
          <FormStepView key={`${id}:${draft.lastEdited ?? ''}`} draft={draft} stepNumber={Number(id)} known={details.data ?? {}} />
        ) : (
          <div className="notice">
            <p>Choose the services you are applying for first: the questions depend on them.</p>
            <p>
              <Link to={applicationsPaths.applyScreen(draft.referenceId, 'services')}>Choose services</Link>
            </p>
          </div>
        )
      }
    </ApplyScreen>
  );
}

function FormStepView({ draft, stepNumber, known }: { draft: ApplicationDraft; stepNumber: number; known: FormData }) {
  const form = draft.form;
  const steps = form?.steps ?? [];
  const step = steps[stepNumber - 1];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isFromConfirm = useSearchParams()[0].get('from') === 'confirm';
  const stepForm = useStepForm(form, step?.id);
  const [answers, setAnswers] = useState<FormData>(() =>
    step ? (draft.data.answers[step.id] ?? answersAskedBy(isRecord(step.schema.properties) ? step.schema.properties : {}, known)) : {},
  );
  const stepCount = steps.length;
  const next = isFromConfirm ? 'confirm' : nextAfterStep(stepNumber, stepCount);
  const { save, savingWith, problem, noticeFor } = useApplicationSave(async ({ data, mode }: { data: FormData; mode: 'continue' | 'later' }) => {
    if (!step) {
      return;
    }
    const progress = mode === 'later' ? progressOf({ step: stepNumber }, stepCount) : progressOf(next, stepCount);
    const saved = await saveDraft(queryClient, draft, {
      data: { ...draft.data, answers: { ...draft.data.answers, [step.id]: data } },
      progress,
      status: 'incomplete',
    });
    // A step that asks for a file: the draft learns the file's name from the server.
    if (uploadFields(step).length > 0 && saved.id !== undefined) {
      await reloadDraft(queryClient, saved.id);
    }
    if (mode === 'later') {
      const state: FlashState = {
        message: `Application ${saved.referenceId ?? ''} was saved. Continue it from this list when you are ready.`,
      };
      await navigate(applicationsPaths.applications(), { state });
    } else {
      await navigate(applicationsPaths.applyScreen(saved.referenceId, next));
    }
  });
  const saving = savingWith?.mode ?? null;

  if (!form || !step) {
    return <Navigate to={applicationsPaths.applyScreen(draft.referenceId, 'confirm')} replace />;
  }
  const previous = previousBeforeStep(stepNumber);
  const { stepErrors, otherProblem } = splitStepProblem(problem, step.id);

  return (
    <>
      <ProgressBar current={stepNumber} total={stepCount} />
      {step.description && <p>{step.description}</p>}
      {noticeFor(otherProblem)}
      {stepForm.isError ? (
        <ErrorState message="This form could not be loaded." onRetry={() => void stepForm.refetch()} />
      ) : stepForm.data ? (
        <stepForm.data.SchemaForm
          step={step}
          validator={stepForm.data.validator}
          formData={answers}
          serverErrors={stepErrors}
          formContext={{ fileNames: draft.files }}
          disabled={saving !== null}
          onChange={setAnswers}
          onSubmit={(data) => save({ data, mode: 'continue' })}
        >
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving !== null}>
              {saving === 'continue' ? 'Saving…' : 'Save and continue'}
            </button>
            <button type="button" className="button button--secondary" disabled={saving !== null} onClick={() => save({ data: answers, mode: 'later' })}>
              {saving === 'later' ? 'Saving…' : 'Save and come back later'}
            </button>
            <Link to={applicationsPaths.applyScreen(draft.referenceId, isFromConfirm ? 'confirm' : previous)}>Back</Link>
          </div>
        </stepForm.data.SchemaForm>
      ) : (
        <LoadingState label="Loading the questions…" />
      )}
    </>
  );
}
