/**
 * /listings/{serviceId}/{stepId} (issue 30): one step of the listing form, drawn by the form engine
 * with its precompiled validator, as the supplier details edit screens draw theirs. "Save and
 * continue" checks the step, saves the working copy with the `lastEdited` the screen loaded (a 409
 * offers to load the latest) and goes on to the next step; after the last, or when the step was
 * opened from the overview, back to the overview. A listing the team is reviewing or has approved
 * cannot change: its steps send the person to the overview, saying why.
 */
import '../styles/listings.css';
import '../styles/progress-bar.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { FormData } from '../../common/forms/definition';
import { priceRangeProblem, LISTING_FIELDS, LISTING_STEPS } from '../../common/listings/service-listings';
import { useActiveSupplier } from '../lib/active-supplier';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { ProgressBar } from '../lib/forms/progress-bar';
import { useStepForm } from '../lib/forms/use-step-form';
import { useScreenTitle } from '../lib/routing';
import type { FlashState } from '../lib/use-flash-message';
import { splitStepProblem, useSave } from '../lib/use-save';
import { saveListingStep } from './listings-api';
import { ListingLoader, notEditableMessage, type LoadedListing } from './listing-loader';
import { FROM_OVERVIEW, FROM_PARAM, listingsPaths } from './listings-paths';

/** The form's own rule the schema cannot say: the highest price is not below the lowest. */
function listingStepRules(stepId: string) {
  return (data: FormData) => {
    if (stepId !== LISTING_STEPS.pricing) {
      return [];
    }
    const problem = priceRangeProblem(data[LISTING_FIELDS.priceFrom], data[LISTING_FIELDS.priceTo]);
    return problem === null ? [] : [{ path: [LISTING_FIELDS.priceTo], message: problem }];
  };
}

export function ListingStepScreen() {
  return <ListingLoader title="Service listing">{(loaded) => <ListingStep {...loaded} />}</ListingLoader>;
}

function ListingStep({ listing, reload }: LoadedListing) {
  const { stepId = '' } = useParams();
  const steps = listing.form.steps;
  const step = steps.find((candidate) => candidate.id === stepId);
  useScreenTitle(step?.title);
  if (!step) {
    return <Navigate to={listingsPaths.listing(listing.service.id)} replace />;
  }
  if (!listing.isEditable) {
    const state: FlashState = { message: notEditableMessage(listing) };
    return <Navigate to={listingsPaths.listing(listing.service.id)} replace state={state} />;
  }
  const stepNumber = steps.indexOf(step) + 1;
  return (
    <div className="screen listing-screen">
      <p className="listing-caption">{listing.service.title}</p>
      <h1>{step.title}</h1>
      <ProgressBar current={stepNumber} total={steps.length} />
      {/* Started again from the stored answers whenever newer ones are loaded (after a 409). */}
      <StepForm key={`${step.id}:${listing.lastEdited ?? 'new'}`} listing={listing} stepId={step.id} stepNumber={stepNumber} reload={reload} />
    </div>
  );
}

function StepForm({ listing, stepId, stepNumber, reload }: LoadedListing & { stepId: string; stepNumber: number }) {
  const supplier = useActiveSupplier();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isFromOverview = useSearchParams()[0].get(FROM_PARAM) === FROM_OVERVIEW;
  const steps = listing.form.steps;
  const step = steps[stepNumber - 1];
  const serviceId = listing.service.id;
  const stepForm = useStepForm(listing.form, stepId);
  const [answers, setAnswers] = useState<FormData>(() => listing.data[stepId] ?? {});
  const [fileNames, setFileNames] = useState<Record<string, string>>(listing.files);
  const nextStep = isFromOverview ? undefined : steps[stepNumber];
  const { save, isSaving: saving, problem } = useSave({
    mutationFn: async (data: FormData) => {
      await saveListingStep(queryClient, supplier.supplierID, listing, stepId, data);
      if (nextStep) {
        await navigate(listingsPaths.listingStep(serviceId, nextStep.id));
      } else {
        const state: FlashState = { message: `Your answers to ${step?.title.toLowerCase() ?? 'the listing'} were saved.` };
        await navigate(listingsPaths.listing(serviceId), { state });
      }
    },
    failedMessage: 'Your answers could not be saved. Check your connection and try again.',
  });
  if (!step) {
    return null;
  }
  const { stepErrors, otherProblem } = splitStepProblem(problem, stepId);
  const previous = steps[stepNumber - 2];
  const back = isFromOverview || !previous ? listingsPaths.listing(serviceId) : listingsPaths.listingStep(serviceId, previous.id);

  return (
    <>
      {step.description && <p>{step.description}</p>}
      <SaveProblemNotice problem={otherProblem} reloadLabel="Load the latest version of this listing" onReload={reload} />
      {stepForm.isError ? (
        <ErrorState message="This form could not be loaded. Check your connection and try again." onRetry={() => void stepForm.refetch()} />
      ) : stepForm.data ? (
        <stepForm.data.SchemaForm
          step={step}
          validator={stepForm.data.validator}
          formData={answers}
          rules={listingStepRules(stepId)}
          serverErrors={stepErrors}
          formContext={{ fileNames, onFileUploaded: (file) => setFileNames((names) => ({ ...names, [file.id]: file.fileName })) }}
          disabled={saving}
          onChange={setAnswers}
          onSubmit={(data) => save(data)}
        >
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving}>
              {saving ? 'Saving…' : 'Save and continue'}
            </button>
            <Link to={back}>Back</Link>
          </div>
        </stepForm.data.SchemaForm>
      ) : (
        <LoadingState label="Loading the questions…" />
      )}
    </>
  );
}
