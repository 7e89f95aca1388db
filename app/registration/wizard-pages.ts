/**
 * Every page of the registration wizard in the order a person goes through them, for its Back links
 * and Continue buttons: step 1, step 2, the pages of step 3 (step-pages.ts), check your answers.
 * Before the first, the start page the server draws (REGISTER_START_PATH).
 */
import type { RegisterSettings } from '../../common/registration/steps';
import { stepPath } from './register-context';
import { pagesOfStep } from './step-pages';
import { registerStepLabel } from './step-frame';

export interface WizardPage {
  /** Its path below the app's basename. */
  path: string;
  /** What a Back link to it names. */
  label: string;
  stepIndex: number;
  /** Its page within the step, or null when the step is one page. */
  pageIndex: number | null;
}

export function wizardPages(settings: RegisterSettings): WizardPage[] {
  return settings.steps.flatMap((_, stepIndex): WizardPage[] => {
    const label = registerStepLabel(settings, stepIndex);
    const pages = pagesOfStep(settings.form.steps[stepIndex]);
    if (pages.length === 0) {
      return [{ path: stepPath(settings, stepIndex), label, stepIndex, pageIndex: null }];
    }
    return pages.map((page, pageIndex) => ({ path: stepPagePath(settings, stepIndex, page.slug), label: `${page.title}, ${label}`, stepIndex, pageIndex }));
  });
}

/** The path of a page of a step. */
export function stepPagePath(settings: RegisterSettings, stepIndex: number, pageSlug: string): string {
  return `${stepPath(settings, stepIndex)}/${pageSlug}`;
}

/** The pages before and after the step's (page's) own; undefined at either end. */
export function neighboursOf(settings: RegisterSettings, stepIndex: number, pageIndex: number | null): { previous?: WizardPage; next?: WizardPage } {
  const pages = wizardPages(settings);
  const at = pages.findIndex((page) => page.stepIndex === stepIndex && (page.pageIndex === pageIndex || page.pageIndex === null));
  return { previous: at > 0 ? pages[at - 1] : undefined, next: at >= 0 ? pages[at + 1] : undefined };
}
