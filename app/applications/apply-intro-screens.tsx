/**
 * The apply screens before the form's own steps (spec §2): company-details, services, terms,
 * onboarding, and contact. The services screen makes the first save: the application then has a
 * reference id, which the URL carries from there on.
 */
import '../styles/form-widgets.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { HELD_SERVICE_HINTS, type HeldService } from '../../common/api/applications';
import type { DirectoryTree } from '../../common/api/directory';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { getPageData } from '../lib/page-data';
import { getProductTeamName } from '../lib/product-team';
import { useActiveSupplier } from '../lib/active-supplier';
import { useSupplierDetails, useSupplierDetailsForm } from '../supplier-details/public';
import { fetchSupplierForm, reloadDraft, saveDraft, useChannels, useHeldServices, type ApplicationDraft } from './applications-api';
import { progressOf } from './apply-flow';
import { ApplyScreen } from './apply-layout';
import { useFlowSave } from './use-flow-save';
import { applicationsPaths } from './applications-paths';
import { supplierDetailsPaths } from '../supplier-details/supplier-details-paths';

/** A contact line every apply screen ends with. */
function ContactLink({ draft }: { draft: ApplicationDraft }) {
  return (
    <p className="apply-contact">
      Questions about applying? <Link to={applicationsPaths.applyScreen(draft.referenceId, 'contact')}>Contact the {getProductTeamName()}</Link>.
    </p>
  );
}

/** Continue (a submit button unless `onContinue` is given), Back, and the contact link under them. */
function FlowActions({
  draft,
  back,
  saving = false,
  onContinue,
}: {
  draft: ApplicationDraft;
  back: { to: string; label?: string };
  saving?: boolean;
  onContinue?: () => void;
}) {
  return (
    <>
      <div className="form-actions">
        <button type={onContinue ? 'button' : 'submit'} className="button" disabled={saving} onClick={onContinue}>
          {saving ? 'Saving…' : 'Continue'}
        </button>
        <Link to={back.to}>{back.label ?? 'Back'}</Link>
      </div>
      <ContactLink draft={draft} />
    </>
  );
}

/** Shown on a screen that needs the services first (opened directly, before they were chosen). */
function ChooseServicesFirst({ draft }: { draft: ApplicationDraft }) {
  return (
    <div className="notice">
      <p>Choose the services you are applying for first.</p>
      <p>
        <Link to={applicationsPaths.applyScreen(draft.referenceId, 'services')}>Choose services</Link>
      </p>
    </div>
  );
}

export function ConfirmCompanyDetailsScreen() {
  return <ApplyScreen title="Confirm company details">{(draft) => <CompanyDetails draft={draft} />}</ApplyScreen>;
}

function CompanyDetails({ draft }: { draft: ApplicationDraft }) {
  const supplier = useActiveSupplier();
  const details = useSupplierDetails(supplier.supplierID);
  const form = useSupplierDetailsForm();
  const navigate = useNavigate();
  if (details.isError || form.isError) {
    return (
      <ErrorState
        message="We could not load your company details."
        onRetry={() => {
          void details.refetch();
          void form.refetch();
        }}
      />
    );
  }
  if (details.isPending || form.isPending) {
    return <LoadingState label="Loading your company details…" />;
  }
  const companyStep = form.data.steps.slice(0, 1);
  return (
    <>
      <p>
        Your application for <strong>{details.data.trading_name}</strong> is assessed on these details. Check they are
        up to date before you apply.
      </p>
      <AnswersSummary steps={companyStep} answers={details.data} />
      <p>
        {supplier.isAdmin ? (
          <Link to={supplierDetailsPaths.editSupplier()}>Change your company details</Link>
        ) : (
          <>
            Only an administrator of {supplier.tradingName} can change them: see <Link to={supplierDetailsPaths.supplier()}>your supplier details</Link>.
          </>
        )}
      </p>
      <FlowActions
        draft={draft}
        back={{ to: applicationsPaths.applications(), label: 'Back to your applications' }}
        onContinue={() => void navigate(applicationsPaths.applyScreen(draft.referenceId, 'services'))}
      />
    </>
  );
}

export function ApplyForServicesScreen() {
  return <ApplyScreen title="Apply for services">{(draft) => <ServicesForm draft={draft} />}</ApplyScreen>;
}

function serviceInputId(serviceId: number): string {
  return `service-${String(serviceId)}`;
}

const SERVICES_MISSING = 'Choose at least one service';

function ServicesForm({ draft }: { draft: ApplicationDraft }) {
  const channels = useChannels();
  const held = useHeldServices();
  if (channels.isError || held.isError) {
    return (
      <ErrorState
        message="We could not load the services you can apply for."
        onRetry={() => {
          void channels.refetch();
          void held.refetch();
        }}
      />
    );
  }
  if (channels.isPending || held.isPending) {
    return <LoadingState label="Loading the services…" />;
  }
  return <ServicesChoice draft={draft} tree={channels.data} held={held.data} />;
}

/**
 * The services question: one checkbox per service under its channel and catalogue, its one error
 * said once for the whole question. A service the supplier already holds or awaits is marked and
 * cannot be chosen (the API refuses it too).
 */
function ServicesChoice({ draft, tree, held }: { draft: ApplicationDraft; tree: DirectoryTree; held: readonly HeldService[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const heldStatus = (serviceId: number) => held.find((service) => service.id === serviceId)?.status;
  const [chosen, setChosen] = useState<number[]>(() => draft.data.services.filter((id) => heldStatus(id) === undefined));
  const [missing, setMissing] = useState(false);
  const { saving, run, notice } = useFlowSave();
  const firstChoosable = tree
    .flatMap((channel) => channel.catalogues.flatMap((catalogue) => catalogue.services))
    .find((service) => heldStatus(service.id) === undefined);

  const toggle = (serviceId: number, isChecked: boolean) => {
    setChosen((current) => (isChecked ? [...current, serviceId] : current.filter((id) => id !== serviceId)));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    setMissing(false);
    run(async () => {
      const form = await fetchSupplierForm(chosen);
      const stepIds = new Set(form.steps.map((step) => step.id));
      // Answers to the steps of catalogues no longer chosen go with them.
      const answers = Object.fromEntries(Object.entries(draft.data.answers).filter(([stepId]) => stepIds.has(stepId)));
      const saved = await saveDraft(queryClient, draft, {
        form,
        data: { ...draft.data, services: chosen, answers },
        progress: progressOf('terms', form.steps.length),
        status: 'incomplete',
      });
      if (draft.id !== undefined && saved.id !== undefined) {
        // An application keeps the form versions it was started on: read its form as the server composes it.
        await reloadDraft(queryClient, saved.id);
      }
      await navigate(applicationsPaths.applyScreen(saved.referenceId, 'terms'));
    });
  };

  return (
    <form className="apply-form" noValidate onSubmit={submit}>
      {missing && <ErrorSummary errors={[{ fieldId: firstChoosable ? serviceInputId(firstChoosable.id) : undefined, message: SERVICES_MISSING }]} />}
      {notice}
      <p id="services-hint">Choose the services your business applies to provide. You answer questions for each catalogue you choose from.</p>
      <div className={`service-choice${missing ? ' form-field--error' : ''}`}>
        {missing && (
          <p id="services-error" className="form-field__error">
            <span className="visually-hidden">Error: </span>
            {SERVICES_MISSING}
          </p>
        )}
        {tree.map((channel) => (
          <section key={channel.id} className="service-channel" aria-labelledby={`channel-${String(channel.id)}`}>
            <h2 id={`channel-${String(channel.id)}`}>{channel.title}</h2>
            {channel.catalogues.map((catalogue) => (
              <fieldset key={catalogue.id} className="form-field form-field--group">
                <legend className="form-field__label">{catalogue.title}</legend>
                <div className="choice-list">
                  {catalogue.services.map((service) => {
                    const status = heldStatus(service.id);
                    const inputId = serviceInputId(service.id);
                    const describedBy = [status ? `${inputId}-hint` : '', missing && service.id === firstChoosable?.id ? 'services-error' : '']
                      .join(' ')
                      .trim();
                    return (
                      <div key={service.id} className="choice">
                        <input
                          id={inputId}
                          className="choice__input"
                          type="checkbox"
                          checked={status === undefined && chosen.includes(service.id)}
                          disabled={saving || status !== undefined}
                          aria-describedby={describedBy || undefined}
                          onChange={(event) => toggle(service.id, event.currentTarget.checked)}
                        />
                        <label className="choice__label" htmlFor={inputId}>
                          {service.title}
                        </label>
                        {status && (
                          <span id={`${inputId}-hint`} className="choice__hint">
                            {HELD_SERVICE_HINTS[status]}
                          </span>
                        )}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </section>
        ))}
      </div>
      <FlowActions draft={draft} back={{ to: applicationsPaths.applyScreen(draft.referenceId, 'company-details') }} saving={saving} />
    </form>
  );
}

export function TermsAndConditionsScreen() {
  return <ApplyScreen title="Terms and conditions">{(draft) => (draft.form ? <TermsForm draft={draft} /> : <ChooseServicesFirst draft={draft} />)}</ApplyScreen>;
}

function TermsForm({ draft }: { draft: ApplicationDraft }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isAccepted, setIsAccepted] = useState(draft.data.termsAccepted === true);
  const [missing, setMissing] = useState(false);
  const { saving, run, notice } = useFlowSave();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isAccepted) {
      setMissing(true);
      return;
    }
    setMissing(false);
    run(async () => {
      const saved = await saveDraft(queryClient, draft, {
        data: { ...draft.data, termsAccepted: true },
        progress: progressOf('onboarding', draft.form?.steps.length ?? 0),
        status: 'incomplete',
      });
      await navigate(applicationsPaths.applyScreen(saved.referenceId, 'onboarding'));
    });
  };

  return (
    <form className="apply-form" noValidate onSubmit={submit}>
      {missing && <ErrorSummary errors={[{ fieldId: 'terms-accepted', message: 'Accept the terms and conditions to continue' }]} />}
      {notice}
      <section className="terms" aria-labelledby="terms-heading">
        <h2 id="terms-heading">The terms of being an approved supplier</h2>
        <ol>
          <li>The information you give in this application is true and complete, and you will keep it up to date.</li>
          <li>You deliver the services you are approved for at the prices and on the terms of your listing.</li>
          <li>You tell the {getProductTeamName()} at once of any conflict of interest, insolvency or investigation.</li>
          <li>You hold the insurance cover your listing states for as long as you are an approved supplier.</li>
          <li>You report the work you do through the {getPageData().productName} in billing reports, as the dashboard asks.</li>
          <li>The {getProductTeamName()} may suspend or remove a listing that breaks these terms.</li>
        </ol>
      </section>
      <div className={`form-field choice${missing ? ' form-field--error' : ''}`}>
        {missing && (
          <p className="form-field__error choice__error" id="terms-accepted__error">
            <span className="visually-hidden">Error: </span>Accept the terms and conditions to continue
          </p>
        )}
        <input
          id="terms-accepted"
          className="choice__input"
          type="checkbox"
          checked={isAccepted}
          disabled={saving}
          aria-describedby={missing ? 'terms-accepted__error' : undefined}
          onChange={(event) => setIsAccepted(event.currentTarget.checked)}
        />
        <label className="choice__label" htmlFor="terms-accepted">
          I accept the terms and conditions
        </label>
      </div>
      <FlowActions draft={draft} back={{ to: applicationsPaths.applyScreen(draft.referenceId, 'services') }} saving={saving} />
    </form>
  );
}

export function OnboardingScreen() {
  return <ApplyScreen title="Onboarding">{(draft) => (draft.form ? <Onboarding draft={draft} /> : <ChooseServicesFirst draft={draft} />)}</ApplyScreen>;
}

function Onboarding({ draft }: { draft: ApplicationDraft }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { saving, run, notice } = useFlowSave();
  const stepCount = draft.form?.steps.length ?? 0;

  const start = () => {
    run(async () => {
      const saved = await saveDraft(queryClient, draft, { data: draft.data, progress: progressOf({ step: 1 }, stepCount), status: 'incomplete' });
      await navigate(applicationsPaths.applyScreen(saved.referenceId, { step: 1 }));
    });
  };

  return (
    <>
      {notice}
      <p>Before you answer the questions, here is what happens with your application.</p>
      <ol className="onboarding-steps">
        <li>
          <strong>Answer the questions.</strong> There {stepCount === 1 ? 'is 1 step' : `are ${String(stepCount)} steps`}: the questions every
          supplier answers, then your capability in each catalogue you chose. You can save and come back later.
        </li>
        <li>
          <strong>Check and submit.</strong> You review all your answers before you submit. Once submitted, the application can no longer be
          changed.
        </li>
        <li>
          <strong>Assessment.</strong> The {getProductTeamName()} checks your application is complete, then assesses it. You follow its progress on
          the application&apos;s page, and the team writes to you in its messages.
        </li>
        <li>
          <strong>Listing.</strong> When services are granted you complete your listing details; once validated they are published in the
          directory of approved suppliers.
        </li>
      </ol>
      <FlowActions draft={draft} back={{ to: applicationsPaths.applyScreen(draft.referenceId, 'terms') }} saving={saving} onContinue={start} />
    </>
  );
}

export function ApplyContactScreen() {
  return (
    <ApplyScreen title="Contact">
      {(draft) => (
        <>
          <p>The {getProductTeamName()} assesses applications and answers questions about applying.</p>
          <dl className="answers__list">
            <div className="answers__row">
              <dt>Email</dt>
              <dd>
                <a href="mailto:marketplace@example.govt.nz">marketplace@example.govt.nz</a>
              </dd>
            </div>
            <div className="answers__row">
              <dt>Hours</dt>
              <dd>Monday to Friday, 9am to 5pm</dd>
            </div>
          </dl>
          <p>
            Once your application is saved you can also write to the team in its messages, on the application&apos;s page.
          </p>
          <p>
            <Link to={applicationsPaths.applyScreen(draft.referenceId)}>Back to your application</Link>
          </p>
        </>
      )}
    </ApplyScreen>
  );
}
