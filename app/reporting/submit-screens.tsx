/**
 * The submission of an engagement notice or a billing report (spec §2: `submit[/{referenceId}]`,
 * `step/{id}`): the stored form's steps one at a time, each saved as a draft with "Save and
 * continue" or "Save and come back later", then every answer on "Check your answers" before it is
 * submitted. A saved draft's `submit/{id}` resumes at the step its progress names. Submitting
 * locks the record and ends the working copy (spec §4); the details screen takes over.
 */
import '../styles/progress-bar.css';
import '../styles/applications.css';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router';
import { ReportableNoticeListSchema } from '../../common/api/billing-reports';
import type { FormData } from '../../common/forms/definition';
import { REPORT_FIELDS, REPORT_STEPS } from '../../common/reporting/billing-reports';
import { NOTICE_STEPS } from '../../common/reporting/engagement-notices';
import { isEditableRecord } from '../../common/reporting/record-status';
import { apiFetch, ApiError } from '../lib/api';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { Screen } from '../lib/components/screen';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { sourceFormContext } from '../lib/forms/form-sources';
import { ProgressBar } from '../lib/forms/progress-bar';
import { useStepForm } from '../lib/forms/use-step-form';
import { useScreenTitle } from '../lib/routing';
import type { FlashState } from '../lib/use-flash-message';
import { splitStepProblem, useSave, type SaveProblem } from '../lib/use-save';
import { useActiveSupplier } from '../lib/active-supplier';
import { reportingQueryKeys, saveDraft, useReportingDraft, type ReportingDraft } from './reporting-api';
import { billingReportKind, engagementNoticeKind, type ReportingKind } from './reporting-kinds';
import { billingReportPrefill } from './reporting-paths';
import { AgencyNotListedHelp, ReportingPrerequisites } from './reporting-prerequisites';
import { reportingStepProblems } from './reporting-rules';

interface SubmitContext {
  kind: ReportingKind;
  draft: UseQueryResult<ReportingDraft>;
}

function useSubmitContext(): SubmitContext {
  return useOutletContext<SubmitContext>();
}

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** `submit[/{referenceId}]`: loads the draft (or a new record's form) for every screen of the submission. */
export function SubmitLayout({ kind }: { kind: ReportingKind }) {
  const { referenceId } = useParams();
  const { pathname } = useLocation();
  if (referenceId !== undefined && !ID_PATTERN.test(referenceId)) {
    // Spec §2: a reference goes to step 1, which says there is no such record.
    if (!/\/(step\/[^/]+|check-answers)$/.test(pathname)) {
      return <Navigate to="step/1" replace />;
    }
    return (
      <Screen title={kind.submitTitle}>
        <NoSuchRecord kind={kind} />
      </Screen>
    );
  }
  return <LoadedSubmitLayout key={referenceId ?? 'new'} kind={kind} id={referenceId === undefined ? undefined : Number(referenceId)} />;
}

function LoadedSubmitLayout({ kind, id }: { kind: ReportingKind; id: number | undefined }) {
  const draft = useReportingDraft(kind, id);
  // A submitted or withdrawn record cannot change: its details say what it holds.
  if (draft.data && !isEditableRecord(draft.data.status) && id !== undefined) {
    return <Navigate to={kind.recordPath(id)} replace />;
  }
  return <Outlet context={{ kind, draft } satisfies SubmitContext} />;
}

function NoSuchRecord({ kind }: { kind: ReportingKind }) {
  return (
    <>
      <p>There is no such {kind.noun} among your supplier&apos;s {kind.plural}. It may have been deleted.</p>
      <p>
        <Link to={kind.listPath}>Back to your {kind.plural}</Link>
      </p>
    </>
  );
}

/**
 * A screen of the submission: its h1 at once, its content once the draft is loaded. A failed load
 * says so with a retry (spec §8: the form's state is reset, nothing half-loaded is shown).
 */
function SubmitScreen({ title, children }: { title: string | ((draft: ReportingDraft) => string); children: (draft: ReportingDraft) => ReactNode }) {
  const { kind, draft } = useSubmitContext();
  const dataTitle = typeof title === 'function' && draft.data ? title(draft.data) : undefined;
  useScreenTitle(dataTitle);
  let content: ReactNode;
  if (draft.isPending) {
    content = <LoadingState label={`Loading your ${kind.noun}…`} />;
  } else if (draft.isError) {
    content =
      draft.error instanceof ApiError && draft.error.status === 404 ? (
        <NoSuchRecord kind={kind} />
      ) : (
        <>
          <ErrorState message={`We could not load your ${kind.noun}. Check your connection and try again.`} onRetry={() => void draft.refetch()} />
          <p>
            <Link to={kind.listPath}>Back to your {kind.plural}</Link>
          </p>
        </>
      );
  } else {
    content = children(draft.data);
  }
  return <Screen title={typeof title === 'string' ? title : (dataTitle ?? kind.submitTitle)}>{content}</Screen>;
}

/** `submit` goes to step 1; `submit/{id}` resumes at the saved progress: a step, or the check of every answer after the last. */
export function ResumeSubmission() {
  const { kind, draft } = useSubmitContext();
  const { referenceId } = useParams();
  const { search } = useLocation();
  if (referenceId === undefined) {
    // A prefilled new report's notice and month go with it (reportingPaths.submitBillingReportFor).
    return <Navigate to={{ pathname: 'step/1', search }} replace />;
  }
  if (draft.isSuccess) {
    const stepCount = draft.data.form.steps.length;
    const progress = Math.max(1, Math.floor(draft.data.progress));
    return <Navigate to={progress > stepCount ? 'check-answers' : `step/${String(progress)}`} replace />;
  }
  return <SubmitScreen title={kind.submitTitle}>{() => null}</SubmitScreen>;
}

/** Every answer by field name, across the steps: a source list may depend on another step's (a report's services on its notice). */
function answersByField(draft: ReportingDraft): Record<string, unknown> {
  return sourceFormContext(draft.form.steps, draft.data).sourceAnswers;
}

function useReportingSave<TVariables>(work: (variables: TVariables) => Promise<void>) {
  const { kind, draft } = useSubmitContext();
  const failedMessage = `Your ${kind.noun} could not be saved. Check your connection and try again.`;
  const save = useSave({ mutationFn: work, failedMessage });
  const noticeFor = (shown: SaveProblem | null) => (
    <SaveProblemNotice problem={shown} reloadLabel={`Load the latest version of this ${kind.noun}`} onReload={() => void draft.refetch()} />
  );
  return { ...save, noticeFor };
}

/** The billing report form's notices and the months each has reports for (the duplicate-month check). */
function useReportableNotices(enabled: boolean) {
  return useQuery({
    queryKey: ['billing-report', 'reportable-notices'],
    queryFn: ({ signal }) => apiFetch('billing-report/engagement-notices', ReportableNoticeListSchema, { signal }),
    enabled,
  });
}

export function ReportingStepScreen() {
  const { id = '1' } = useParams();
  const { kind } = useSubmitContext();
  const stepNumber = Number(id);
  return (
    <SubmitScreen title={(draft) => draft.form.steps[stepNumber - 1]?.title ?? kind.submitTitle}>
      {(draft) => {
        const stepCount = draft.form.steps.length;
        if (!Number.isInteger(stepNumber) || stepNumber < 1) {
          return <Navigate to={kind.submitPath(draft.id, { step: 1 })} replace />;
        }
        if (stepNumber > stepCount) {
          return <Navigate to={kind.submitPath(draft.id, 'check-answers')} replace />;
        }
        const view = <FormStepView key={`${id}:${draft.lastEdited ?? 'new'}`} draft={draft} stepNumber={stepNumber} />;
        // A new record starts only once what it needs is there (an approved service, a submitted notice).
        return draft.id === undefined && stepNumber === 1 ? <ReportingPrerequisites kind={kind}>{view}</ReportingPrerequisites> : view;
      }}
    </SubmitScreen>
  );
}

/** A new billing report's first step starts with the notice and month its address names (from the next steps panel); anything else starts empty. */
function newRecordAnswers(kind: ReportingKind, draft: ReportingDraft, stepId: string, search: URLSearchParams): FormData {
  const prefill = kind.model === 'billing-report' && draft.id === undefined && stepId === REPORT_STEPS.engagement ? billingReportPrefill(search) : undefined;
  return prefill ? { [REPORT_FIELDS.engagementNotice]: prefill.engagementNotice, [REPORT_FIELDS.billingPeriod]: prefill.period } : {};
}

function FormStepView({ draft, stepNumber }: { draft: ReportingDraft; stepNumber: number }) {
  const { kind } = useSubmitContext();
  const supplier = useActiveSupplier();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isFromCheck = searchParams.get('from') === 'check-answers';
  const steps = draft.form.steps;
  const step = steps[stepNumber - 1];
  const stepForm = useStepForm(draft.form, step?.id);
  const [answers, setAnswers] = useState<FormData>(() => (step ? (draft.data[step.id] ?? newRecordAnswers(kind, draft, step.id, searchParams)) : {}));
  const reportable = useReportableNotices(kind.model === 'billing-report' && step?.id === REPORT_STEPS.engagement);
  const savedEngagement = draft.data[REPORT_STEPS.engagement];
  const rules = useMemo(() => {
    const context = {
      now: new Date(),
      reportableNotices: reportable.data,
      savedAs: draft.id === undefined ? undefined : { noticeId: savedEngagement?.[REPORT_FIELDS.engagementNotice], period: savedEngagement?.[REPORT_FIELDS.billingPeriod] },
    };
    return (data: FormData) => (step ? reportingStepProblems(kind, step.id, data, context) : []);
  }, [kind, step, reportable.data, draft.id, savedEngagement]);
  const next = isFromCheck || stepNumber >= steps.length ? 'check-answers' : { step: stepNumber + 1 };

  const { save, savingWith, problem, noticeFor } = useReportingSave(async ({ data, mode }: { data: FormData; mode: 'continue' | 'later' }) => {
    if (!step) {
      return;
    }
    const progress = mode === 'later' ? stepNumber : next === 'check-answers' ? steps.length + 1 : next.step;
    const saved = await saveDraft(queryClient, kind, supplier.supplierID, draft, { data: { ...draft.data, [step.id]: data }, progress, status: 'draft' });
    if (mode === 'later') {
      const state: FlashState = { message: `Your ${kind.noun} was saved as a draft. Continue it from this list when you are ready.` };
      await navigate(kind.listPath, { state });
    } else {
      await navigate(kind.submitPath(saved.id, next));
    }
  });
  const saving = savingWith?.mode ?? null;
  if (!step) {
    return null;
  }

  const { stepErrors, otherProblem } = splitStepProblem(problem, step.id);
  const back = isFromCheck ? kind.submitPath(draft.id, 'check-answers') : stepNumber === 1 ? kind.listPath : kind.submitPath(draft.id, { step: stepNumber - 1 });

  return (
    <>
      <ProgressBar current={stepNumber} total={steps.length} />
      {step.description && <p>{step.description}</p>}
      {noticeFor(otherProblem)}
      {stepForm.isError ? (
        <ErrorState message="This form could not be loaded. Check your connection and try again." onRetry={() => void stepForm.refetch()} />
      ) : stepForm.data ? (
        <stepForm.data.SchemaForm
          step={step}
          validator={stepForm.data.validator}
          formData={answers}
          rules={rules}
          serverErrors={stepErrors}
          formContext={sourceFormContext(steps, { ...draft.data, [step.id]: answers })}
          disabled={saving !== null}
          onChange={setAnswers}
          onSubmit={(data) => save({ data, mode: 'continue' })}
        >
          {kind.model === 'engagement-notice' && step.id === NOTICE_STEPS.engagement && <AgencyNotListedHelp />}
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving !== null}>
              {saving === 'continue' ? 'Saving…' : 'Save and continue'}
            </button>
            <button type="button" className="button button--secondary" disabled={saving !== null} onClick={() => save({ data: answers, mode: 'later' })}>
              {saving === 'later' ? 'Saving…' : 'Save and come back later'}
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

function ChangeLink({ to, what }: { to: string; what: string }) {
  return (
    <Link to={to}>
      Change<span className="visually-hidden"> {what}</span>
    </Link>
  );
}

export function CheckAnswersScreen() {
  const { kind } = useSubmitContext();
  return (
    <SubmitScreen title="Check your answers">
      {(draft) =>
        draft.id === undefined ? (
          <div className="notice">
            <p>Answer the questions first: nothing has been saved yet.</p>
            <p>
              <Link to={kind.submitPath(undefined, { step: 1 })}>Start the {kind.noun}</Link>
            </p>
          </div>
        ) : (
          <CheckAnswers draft={draft} id={draft.id} />
        )
      }
    </SubmitScreen>
  );
}

function CheckAnswers({ draft, id }: { draft: ReportingDraft; id: number }) {
  const { kind } = useSubmitContext();
  const supplier = useActiveSupplier();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const steps = draft.form.steps;
  const stepTitle = (stepId: string | undefined) => steps.find((step) => step.id === stepId)?.title;
  const answers = answersByField(draft);

  const { save: submit, isSaving: submitting, problem, noticeFor } = useReportingSave(async () => {
    await saveDraft(queryClient, kind, supplier.supplierID, draft, { data: draft.data, progress: steps.length + 1, status: 'submitted' });
    const state: FlashState = { message: `Your ${kind.noun} was submitted. The marketplace team will be in touch here if they have questions.` };
    // Committed at once: the layout sends a record that is no longer a draft to its details anyway.
    await navigate(kind.recordPath(id), { replace: true, state, flushSync: true });
    // The working copy ends with the submission (spec §4).
    queryClient.removeQueries({ queryKey: reportingQueryKeys.draft(kind, id) });
  });

  return (
    <>
      <p>Check your answers before you submit this {kind.noun}. Once you submit it, it can no longer be changed.</p>
      {problem?.kind === 'fields' ? (
        <ErrorSummary
          title={`Your ${kind.noun} is not complete`}
          errors={problem.errors.map((error) => {
            const title = stepTitle(error.path[0]);
            return { message: title ? `${title}: ${error.message}` : error.message };
          })}
        />
      ) : (
        noticeFor(problem)
      )}
      {steps.map((step, index) => (
        <AnswersSummary
          key={step.id}
          steps={[step]}
          answers={answers}
          renderStepActions={() => <ChangeLink to={`${kind.submitPath(id, { step: index + 1 })}?from=check-answers`} what={step.title.toLowerCase()} />}
        />
      ))}
      <div className="form-actions">
        <button type="button" className="button" disabled={submitting} onClick={() => submit()}>
          {submitting ? 'Submitting…' : `Submit ${kind.noun}`}
        </button>
        <Link to={kind.submitPath(id, { step: steps.length })}>Back</Link>
      </div>
    </>
  );
}

export const submitLayouts = {
  engagementNotice: <SubmitLayout kind={engagementNoticeKind} />,
  billingReport: <SubmitLayout kind={billingReportKind} />,
};
