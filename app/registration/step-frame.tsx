/**
 * What each form step of the registration wizard shows around its questions: the progress bar,
 * the step's label as the h1, its description, and the Continue button. The app's step screens and
 * the first step the server draws (first-step-screen.tsx) share it, so the two are the same page.
 * No stylesheet is imported here: the server imports this module.
 */
import type { ReactNode } from 'react';
import type { RegisterSettings } from '../../common/registration/steps';
import { ProgressBar } from '../lib/forms/progress-bar';

/** The label a step is announced and headed by: the configured progress-bar label, else the form step's title. */
export function registerStepLabel(settings: RegisterSettings, index: number): string {
  return settings.steps[index]?.label ?? settings.form.steps[index]?.title ?? '';
}

export function RegisterStepFrame({ settings, index, backLink, children }: { settings: RegisterSettings; index: number; backLink?: ReactNode; children: ReactNode }) {
  const description = settings.form.steps[index]?.description;
  return (
    <div className="register-step">
      {backLink}
      <ProgressBar current={index + 1} total={settings.steps.length} />
      <h1>{registerStepLabel(settings, index)}</h1>
      {description && <p className="lede">{description}</p>}
      {children}
    </div>
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
