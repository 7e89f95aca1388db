/**
 * Steps 1 to 3 of the registration wizard: one form step each, drawn by the form engine with its
 * precompiled validator and the form's rules; step 3 a page of one topic at a time (step-pages.ts),
 * each page drawing and checking its own questions. Back goes to the page before (step 1's: to the
 * start page the server draws), Continue to the page after, or back to check your answers. Every change is kept on this device at once. Step 1
 * asks the server whether the business is already registered before moving on (check digits are
 * checked first, in the browser, so a wrong number never leaves it). The stylesheets of the step's
 * form are imported here, so the page links them before the app loads: the server draws the first
 * step itself (first-step-screen.tsx).
 */
import '../styles/progress-bar.css';
import '../styles/schema-form.css';
import '../styles/form-widgets.css';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BusinessNumberKind } from '../../common/business-numbers';
import type { FieldError, FormData } from '../../common/forms/definition';
import { registrationRuleErrors } from '../../common/registration/rules';
import type { RegistrationFormStepId } from '../../common/registration/steps';
import { describeApiFailure } from '../lib/api-error';
import { ErrorSummary } from '../lib/components/error-summary';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { useStepForm } from '../lib/forms/use-step-form';
import { registrationWidgets, withCascadeCleared } from './catalogue-widgets';
import { checkSupplierRegistered } from './registration-api';
import { stepPath, useRegisterSettings } from './register-context';
import { useRegistrationStore } from './registration-store';
import { BackToStartLink, RegisterStepFrame, StepContinueButton } from './step-frame';
import { pagesOfStep } from './step-pages';
import { neighboursOf } from './wizard-pages';

export const ALREADY_REGISTERED_MESSAGE =
  'A business with this number is already registered, or its registration is waiting for review. If it is your business, ask its admin to invite you.';

/** The business number step 1 checks: the NZBN of a New Zealand business, else the ABN. */
function businessNumberOf(answers: FormData): { kind: BusinessNumberKind; value: string } | null {
  const kind: BusinessNumberKind = answers.business_country === 'Australia' ? 'abn' : 'nzbn';
  const value = answers[kind];
  return typeof value === 'string' && value.trim() !== '' ? { kind, value } : null;
}

/** A Back link to a page of the app. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link className="register__back-link" to={to}>
      Back<span className="visually-hidden"> to {label}</span>
    </Link>
  );
}

/** Step `index` (0-based), or page `pageIndex` of it when the step is in pages. */
export function RegisterStepScreen({ index, pageIndex = null }: { index: number; pageIndex?: number | null }) {
  const settings = useRegisterSettings();
  const store = useRegistrationStore();
  const navigate = useNavigate();
  const isFromReview = useSearchParams()[0].get('from') === 'review';
  const stepNumber = index + 1;
  const step = settings.form.steps[index];
  const stepForm = useStepForm(settings.form, step?.id);
  const [answers, setAnswers] = useState<FormData>(() => store.answersOf(stepNumber));
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  const pages = pagesOfStep(step);
  const page = pageIndex === null ? undefined : pages[pageIndex];

  if (!step || (pageIndex !== null && !page)) {
    return <ErrorState message="This step of the registration could not be found." />;
  }
  const stepId = step.id as RegistrationFormStepId;
  const businessCountry = stepNumber === 1 ? answers.business_country : store.answersOf(1).business_country;
  // The step's rules; on a page, the form keeps those of its own questions (shownFields).
  const rules = (data: FormData) => registrationRuleErrors(stepId, data, { businessCountry, tree: settings.channels });
  const { previous, next: following } = neighboursOf(settings, index, pageIndex);
  const next = isFromReview || !following ? stepPath(settings, 3) : following.path;

  const change = (data: FormData) => {
    const nextAnswers = withCascadeCleared(answers, data);
    setAnswers(nextAnswers);
    store.saveStep(stepNumber, nextAnswers);
    if (serverErrors.length > 0) {
      setServerErrors([]);
    }
  };

  const submit = async (data: FormData) => {
    store.saveStep(stepNumber, data);
    setProblem(null);
    const number = stepNumber === 1 ? businessNumberOf(data) : null;
    if (number) {
      setIsChecking(true);
      try {
        if (await checkSupplierRegistered(number.kind, number.value)) {
          setServerErrors([{ path: [number.kind], message: ALREADY_REGISTERED_MESSAGE }]);
          return;
        }
      } catch (error) {
        setProblem(describeApiFailure(error));
        return;
      } finally {
        setIsChecking(false);
      }
    }
    await navigate(next);
  };

  return (
    <RegisterStepFrame
      settings={settings}
      index={index}
      page={page && pageIndex !== null ? { title: page.title, number: pageIndex + 1, total: pages.length } : undefined}
      backLink={previous ? <BackLink to={previous.path} label={previous.label} /> : <BackToStartLink />}
    >
      {problem !== null && <ErrorSummary errors={[{ message: problem }]} />}
      {stepForm.isError ? (
        <ErrorState message="This form could not be loaded." onRetry={() => void stepForm.refetch()} />
      ) : stepForm.data ? (
        <stepForm.data.SchemaForm
          step={step}
          validator={stepForm.data.validator}
          formData={answers}
          rules={rules}
          serverErrors={serverErrors}
          shownFields={page?.fields}
          widgets={registrationWidgets}
          formContext={{ fileNames: store.saved.fileNames, onFileUploaded: store.rememberFile, channels: settings.channels, answers }}
          disabled={isChecking}
          onChange={change}
          onSubmit={(data) => void submit(data)}
        >
          <StepContinueButton isChecking={isChecking} isFromReview={isFromReview} />
        </stepForm.data.SchemaForm>
      ) : (
        <LoadingState label="Loading the questions…" />
      )}
    </RegisterStepFrame>
  );
}
