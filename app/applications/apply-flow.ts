/**
 * The order of the apply screens and what an application's `progress` means: the 1-based index of
 * the screen to resume on. company-details = 1, services = 2, terms = 3, onboarding = 4, then each
 * form step (step/1 … step/n), then confirm.
 */
export const INTRO_SCREENS = ['company-details', 'services', 'terms', 'onboarding'] as const;
export type IntroScreen = (typeof INTRO_SCREENS)[number];

/** A screen of the flow: an intro screen, a form step (1-based) or the confirmation. */
export type FlowScreen = IntroScreen | { step: number } | 'confirm';

export function progressOf(screen: FlowScreen, stepCount: number): number {
  if (screen === 'confirm') {
    return INTRO_SCREENS.length + stepCount + 1;
  }
  if (typeof screen === 'object') {
    return INTRO_SCREENS.length + screen.step;
  }
  return INTRO_SCREENS.indexOf(screen) + 1;
}

/** The screen a saved progress resumes on; a form step beyond the form (services changed) resumes on confirm. */
export function screenAt(progress: number, stepCount: number): FlowScreen {
  const introIndex = Math.max(1, Math.floor(progress)) - 1;
  if (introIndex < INTRO_SCREENS.length) {
    return INTRO_SCREENS[introIndex] ?? 'company-details';
  }
  if (stepCount === 0) {
    return 'services';
  }
  const step = progress - INTRO_SCREENS.length;
  return step <= stepCount ? { step } : 'confirm';
}

/** Every apply screen: those of the flow, and the success and contact screens beside it. */
export type ApplyScreenName = FlowScreen | 'success' | 'contact';

/** The path segment of a screen, relative to the application's apply path. */
export function screenPath(screen: ApplyScreenName): string {
  return typeof screen === 'object' ? `step/${String(screen.step)}` : screen;
}

/** The screen after a form step: the next step, or the confirmation after the last. */
export function nextAfterStep(step: number, stepCount: number): FlowScreen {
  return step < stepCount ? { step: step + 1 } : 'confirm';
}

/** The screen before a form step: the previous step, or onboarding before the first. */
export function previousBeforeStep(step: number): FlowScreen {
  return step > 1 ? { step: step - 1 } : 'onboarding';
}
