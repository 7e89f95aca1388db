/**
 * What each form step of the registration wizard shows around its questions: the Back link, the
 * progress bar of the spec's four steps, the step's label as the h1 (a page of step 3: the page's
 * topic, under a caption naming the step and which of its pages it is), its description, and the
 * Continue button. The app's step screens and
 * the first step the server draws (first-step-screen.tsx) share it, so the two are the same page.
 * No stylesheet is imported here: the server imports this module.
 */
import type { ReactNode } from 'react';
import { REGISTER_START_PATH, type RegisterSettings } from '../../common/registration/steps';
import { ProgressBar } from '../lib/forms/progress-bar';

/** The label a step is announced and headed by: the configured progress-bar label, else the form step's title. */
export function registerStepLabel(settings: RegisterSettings, index: number): string {
  return settings.steps[index]?.label ?? settings.form.steps[index]?.title ?? '';
}

/** Which page of its step a page is (step-pages.ts). */
export interface StepPagePlace {
  title: string;
  /** 1-based. */
  number: number;
  total: number;
}

/** The caption over a page's topic: the step it is part of, and which of its pages. */
export function stepPageCaption(settings: RegisterSettings, index: number, page: StepPagePlace): string {
  return `${registerStepLabel(settings, index)}, part ${String(page.number)} of ${String(page.total)}`;
}

export function RegisterStepFrame({
  settings,
  index,
  page,
  backLink,
  children,
}: {
  settings: RegisterSettings;
  index: number;
  page?: StepPagePlace;
  backLink?: ReactNode;
  children: ReactNode;
}) {
  const description = !page || page.number === 1 ? settings.form.steps[index]?.description : undefined;
  return (
    <div className="register-step">
      {backLink}
      <ProgressBar current={index + 1} total={settings.steps.length} />
      {page && <p className="register-step__caption">{stepPageCaption(settings, index, page)}</p>}
      <h1>{page ? page.title : registerStepLabel(settings, index)}</h1>
      {description && <p className="lede">{description}</p>}
      {children}
    </div>
  );
}

/** Step 1's Back link: to the start page, which the server draws (a document of its own, so a plain link). */
export function BackToStartLink() {
  return (
    <a className="register__back-link" href={REGISTER_START_PATH}>
      Back<span className="visually-hidden"> to the start page</span>
    </a>
  );
}

export function StepContinueButton({ isChecking = false, isFromReview = false }: { isChecking?: boolean; isFromReview?: boolean }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button" disabled={isChecking}>
        {isChecking ? 'Checking…' : isFromReview ? 'Save and return to check your answers' : 'Continue'}
      </button>
    </div>
  );
}
