/**
 * The last apply screens: confirm (every answer read-only, with a way back to change each part,
 * then Submit) and success (the reference of the submitted application).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DirectoryTree } from '../../common/api/directory';
import { isApplicationEditable } from '../../common/application-stages';
import { ErrorSummary } from '../lib/components/error-summary';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { getProductTeamName } from '../lib/product-team';
import { applicationQueryKeys, saveDraft, useChannels, type ApplicationDraft } from './applications-api';
import { progressOf } from './apply-flow';
import { ApplyScreen } from './apply-layout';
import { useApplicationSave } from './use-flow-save';
import { applicationsPaths } from './applications-paths';

/** The chosen services by catalogue, with titles from the channel tree. */
export function servicesByCatalogue(tree: DirectoryTree, serviceIds: readonly number[]): { catalogue: string; services: string[] }[] {
  return tree.flatMap((channel) =>
    channel.catalogues.flatMap((catalogue) => {
      const chosen = catalogue.services.filter((service) => serviceIds.includes(service.id)).map((service) => service.title);
      return chosen.length === 0 ? [] : [{ catalogue: catalogue.title, services: chosen }];
    }),
  );
}

/** What the confirm screen hands the success screen through the location's state: the application as submitted. */
interface SubmittedState {
  submitted: ApplicationDraft;
}

function isSubmittedState(value: unknown): value is SubmittedState {
  return typeof value === 'object' && value !== null && 'submitted' in value && typeof value.submitted === 'object' && value.submitted !== null;
}

export function ConfirmationScreen() {
  return (
    <ApplyScreen title="Check your answers">
      {(draft) =>
        draft.form && draft.referenceId !== undefined ? (
          <Review draft={draft} />
        ) : (
          <div className="notice">
            <p>Choose the services you are applying for and answer the questions first.</p>
            <p>
              <Link to={applicationsPaths.applyScreen(draft.referenceId, 'services')}>Choose services</Link>
            </p>
          </div>
        )
      }
    </ApplyScreen>
  );
}

function ChangeLink({ to, what }: { to: string; what: string }) {
  return (
    <Link to={to}>
      Change<span className="visually-hidden"> {what}</span>
    </Link>
  );
}

function Review({ draft }: { draft: ApplicationDraft }) {
  const channels = useChannels();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const steps = draft.form?.steps ?? [];
  const ref = draft.referenceId;
  const stepTitle = (stepId: string | undefined) => steps.find((step) => step.id === stepId)?.title;

  const { save: submit, isSaving: submitting, problem, notice } = useApplicationSave(async () => {
    const submitted = await saveDraft(queryClient, draft, { data: draft.data, progress: progressOf('confirm', steps.length), status: 'submitted' });
    // The draft query still holds the editable draft: the success screen takes this once it shows.
    const state: SubmittedState = { submitted };
    await navigate(applicationsPaths.applyScreen(ref, 'success'), { replace: true, state });
  });

  return (
    <>
      <p>
        Check your answers to application <strong>{ref}</strong>. Once you submit it, it can no longer be changed.
      </p>
      {problem?.kind === 'fields' ? (
        <ErrorSummary
          title="Your application is not complete"
          errors={problem.errors.map((error) => {
            const title = stepTitle(error.path[0]);
            return { message: title ? `${title}: ${error.message}` : error.message };
          })}
        />
      ) : (
        notice
      )}
      <section className="answers__section" aria-labelledby="review-services">
        <div className="answers__heading">
          <h2 id="review-services">Services</h2>
          <ChangeLink to={applicationsPaths.applyScreen(ref, 'services')} what="services" />
        </div>
        {channels.data ? (
          <dl className="answers__list">
            {servicesByCatalogue(channels.data, draft.data.services).map(({ catalogue, services }) => (
              <div className="answers__row" key={catalogue}>
                <dt>{catalogue}</dt>
                <dd>{services.join(', ')}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{draft.data.services.length} services chosen.</p>
        )}
      </section>
      <section className="answers__section" aria-labelledby="review-terms">
        <div className="answers__heading">
          <h2 id="review-terms">Terms and conditions</h2>
          <ChangeLink to={applicationsPaths.applyScreen(ref, 'terms')} what="terms and conditions" />
        </div>
        <p>{draft.data.termsAccepted === true ? 'You accepted the terms and conditions.' : 'Not accepted yet.'}</p>
      </section>
      {steps.map((step, index) => (
        <AnswersSummary
          key={step.id}
          steps={[step]}
          answers={draft.data.answers[step.id] ?? {}}
          fileName={(id) => draft.files[id]}
          renderStepActions={() => <ChangeLink to={`${applicationsPaths.applyStep(ref, index + 1)}?from=confirm`} what={step.title.toLowerCase()} />}
        />
      ))}
      <div className="form-actions">
        <button type="button" className="button" disabled={submitting} onClick={() => submit()}>
          {submitting ? 'Submitting…' : 'Submit application'}
        </button>
        <Link to={applicationsPaths.applyScreen(ref, steps.length > 0 ? { step: steps.length } : 'onboarding')}>Back</Link>
      </div>
    </>
  );
}

/**
 * Once the success screen shows, the draft query takes the submitted application the confirm screen
 * handed it (over a draft still editable only: a reload loads it as it now is), so its other apply
 * screens go to its details from then on. Not before: React Router commits the move to this screen
 * as a transition when it first loads the screen's chunk, so the layout, seeing a submitted
 * application while the confirm screen's address was still current, would go to the details
 * instead.
 */
function useTakeSubmittedApplication(): void {
  const queryClient = useQueryClient();
  const state: unknown = useLocation().state;
  const submitted = isSubmittedState(state) ? state.submitted : undefined;
  useEffect(() => {
    if (submitted?.referenceId === undefined) {
      return;
    }
    queryClient.setQueryData<ApplicationDraft>(applicationQueryKeys.draft(submitted.referenceId), (current) =>
      current === undefined || isApplicationEditable(current.status) ? submitted : current,
    );
  }, [queryClient, submitted]);
}

export function ApplicationSubmittedScreen() {
  useTakeSubmittedApplication();
  return (
    <ApplyScreen title="Application successfully submitted">
      {(draft) => (
        <>
          <div className="panel panel--success">
            <p>Your reference</p>
            <p className="panel__reference">
              <strong>{draft.referenceId ?? 'Not saved yet'}</strong>
            </p>
          </div>
          <p>Your application is queued for review. Quote its reference when you contact the {getProductTeamName()} about it.</p>
          <h2>What happens next</h2>
          <p>
            The team checks your application is complete, then assesses it. Its page shows how far it has come, and the team writes
            to you in its messages.
          </p>
          <ul className="link-list">
            {draft.id !== undefined && (
              <li>
                <Link to={applicationsPaths.application(draft.id)}>See the progress of this application</Link>
              </li>
            )}
            <li>
              <Link to={applicationsPaths.applications()}>Back to your applications</Link>
            </li>
          </ul>
        </>
      )}
    </ApplyScreen>
  );
}
