/**
 * Step 4: every answer of steps 1 to 3 with a Change link per step, and per page of step 3 (its
 * pages' answers are sections of their own, step-pages.ts) (GOV.UK "check your answers"),
 * then the declarations, then submit. A refused submission shows the server's reasons in the
 * error summary; a declaration's shows by its box. On success the answers kept on this device go.
 */
import '../styles/progress-bar.css';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldError, FormData } from '../../common/forms/definition';
import { stepFieldKeys } from '../../common/forms/definition';
import { stripKeyPrefixes, prefixKeys } from '../../common/registration/answers';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorSummary, type SummaryError } from '../lib/components/error-summary';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { fieldErrorsOf } from '../lib/forms/field-errors';
import { ProgressBar } from '../lib/forms/progress-bar';
import { useStepForm } from '../lib/forms/use-step-form';
import { withCatalogueTitles } from './catalogue-widgets';
import { submitRegistration } from './registration-api';
import { CONFIRMATION_PATH, stepPath, useRegisterSettings } from './register-context';
import { useRegistrationStore } from './registration-store';
import { BackLink } from './register-step-screen';
import { pagesOfStep, stepOfPage } from './step-pages';
import { neighboursOf, stepPagePath } from './wizard-pages';

/** A title within a sentence: 'Your finances' as 'your finances', an initialism ('GST') as it is. */
function inSentence(title: string): string {
  return /^[A-Z][a-z]/.test(title) ? `${title.charAt(0).toLowerCase()}${title.slice(1)}` : title;
}

export interface ConfirmationState {
  referenceId: string;
  email: string;
}

export function ReviewScreen() {
  const settings = useRegisterSettings();
  const store = useRegistrationStore();
  const navigate = useNavigate();
  const reviewIndex = 3;
  const declarations = settings.form.steps[reviewIndex];
  const answeredSteps = settings.form.steps.slice(0, reviewIndex);
  // What each section of answers is, and where its Change link goes: a step, or a page of one.
  const sections = answeredSteps.flatMap((step, index) => {
    const pages = pagesOfStep(step);
    return pages.length === 0
      ? [{ step, path: stepPath(settings, index), stepIndex: index }]
      : pages.map((page) => ({ step: stepOfPage(step, page), path: stepPagePath(settings, index, page.slug), stepIndex: index }));
  });
  const { previous } = neighboursOf(settings, reviewIndex, null);
  const stepForm = useStepForm(settings.form, declarations?.id);
  const [answers, setAnswers] = useState<FormData>(() => store.answersOf(reviewIndex + 1));
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [declarationErrors, setDeclarationErrors] = useState<FieldError[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);

  if (!declarations) {
    return <ErrorState message="This step of the registration could not be found." />;
  }
  const given = withCatalogueTitles(stripKeyPrefixes(store.saved.answers), settings.channels);
  const declarationKeys = new Set(stepFieldKeys(declarations.schema));

  const submit = async (data: FormData) => {
    store.saveStep(reviewIndex + 1, data);
    setIsSubmitting(true);
    setProblems([]);
    setDeclarationErrors([]);
    const all = { ...Object.fromEntries(Object.entries(store.saved.answers).filter(([key]) => !key.startsWith(`${String(reviewIndex + 1)}_`))), ...prefixKeys(reviewIndex + 1, data) };
    try {
      const { referenceId } = await submitRegistration(settings.form.version, all);
      const email = typeof given.registrant_email === 'string' ? given.registrant_email : '';
      store.clear();
      const state: ConfirmationState = { referenceId, email };
      await navigate(CONFIRMATION_PATH, { state, replace: true });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      const own = fieldErrors.filter((fieldError) => declarationKeys.has(fieldError.path[0] ?? ''));
      const others = fieldErrors.filter((fieldError) => !declarationKeys.has(fieldError.path[0] ?? ''));
      setDeclarationErrors(own);
      const described: SummaryError[] = others.map((fieldError) => {
        const section = sections.find(({ step }) => stepFieldKeys(step.schema).includes(fieldError.path[0] ?? ''));
        const stepLabel = section ? settings.steps[section.stepIndex]?.label : undefined;
        const where = section && stepLabel && section.step.title !== answeredSteps[section.stepIndex]?.title ? `${stepLabel}, ${section.step.title}` : stepLabel;
        return { message: where ? `${where}: ${fieldError.message}` : fieldError.message };
      });
      if (described.length === 0 && own.length === 0) {
        described.push({ message: error instanceof ApiError && error.status === 409 ? error.message : describeApiFailure(error) });
      }
      setProblems(described);
      summaryRef.current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <div className="register-step">
      {previous && <BackLink to={previous.path} label={previous.label} />}
      <ProgressBar current={reviewIndex + 1} total={settings.steps.length} />
      <h1>{settings.steps[reviewIndex]?.label ?? 'Check your answers'}</h1>
      {problems.length > 0 && (
        <>
          <ErrorSummary ref={summaryRef} errors={problems} />
          <p>Change the answers the problems name, using the links below, then submit again.</p>
        </>
      )}
      <AnswersSummary
        steps={sections.map(({ step }) => step)}
        answers={given}
        fileName={(id) => store.saved.fileNames[id]}
        renderStepActions={(step) => {
          const section = sections.find((candidate) => candidate.step === step);
          return (
            <Link to={`${section?.path ?? ''}?from=review`}>
              Change<span className="visually-hidden"> {inSentence(step.title)}</span>
            </Link>
          );
        }}
      />
      <h2>{declarations.title}</h2>
      {declarations.description && <p>{declarations.description}</p>}
      {stepForm.isError ? (
        <ErrorState message="This form could not be loaded." onRetry={() => void stepForm.refetch()} />
      ) : stepForm.data ? (
        <stepForm.data.SchemaForm
          step={declarations}
          validator={stepForm.data.validator}
          formData={answers}
          serverErrors={declarationErrors}
          disabled={isSubmitting}
          onChange={(data) => {
            setAnswers(data);
            store.saveStep(reviewIndex + 1, data);
          }}
          onSubmit={(data) => void submit(data)}
        >
          <h2 className="register__next-heading">Now send your registration</h2>
          <p>By submitting, you confirm the declarations above. The team reviews every registration before the business can use the portal.</p>
          <div className="form-actions">
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? 'Submitting…' : 'Submit registration'}
            </button>
          </div>
        </stepForm.data.SchemaForm>
      ) : (
        <LoadingState label="Loading the declarations…" />
      )}
    </div>
  );
}
