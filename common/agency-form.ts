/**
 * The agency registration form's rules both sides need (spec §2 "Agency form", §4 "Agency
 * resume"): its form key, its steps, the statuses an application shows, and where a resume link
 * takes the agency.
 */

/** The key of the agency form in `form_definitions`. */
export const AGENCY_FORM_KEY = 'agency';

/** Steps 1 to 3 are the form definition's steps; step 4 is the confirmation. */
export const AGENCY_QUESTION_STEPS = 3;
export const AGENCY_CONFIRM_STEP = 4;

/** The statuses an agency application shows (the API's `status`). */
export const AGENCY_APPLICATION_STATUSES = ['Incomplete', 'Complete', 'Approved', 'Declined'] as const;
export type AgencyApplicationStatus = (typeof AGENCY_APPLICATION_STATUSES)[number];

/** Spec §4: a saved application with one of these statuses is done; its resume link goes to completed. */
export const AGENCY_COMPLETED_STATUSES: readonly string[] = ['Approved', 'Complete1', 'Complete'];

/** Where /resume/{id} goes: 'completed', or the step to continue from. */
export type AgencyResumeTarget = { kind: 'completed' } | { kind: 'step'; step: number };

/**
 * Spec §4 "Agency resume": completed when the status is Approved, Complete1 or Complete; else the
 * saved lastStep (when it is a step of the form); else step one.
 */
export function agencyResumeTarget(application: { status?: string | null; lastStep?: number | null }): AgencyResumeTarget {
  if (typeof application.status === 'string' && AGENCY_COMPLETED_STATUSES.includes(application.status)) {
    return { kind: 'completed' };
  }
  const { lastStep } = application;
  if (typeof lastStep === 'number' && Number.isInteger(lastStep) && lastStep >= 1 && lastStep <= AGENCY_CONFIRM_STEP) {
    return { kind: 'step', step: lastStep };
  }
  return { kind: 'step', step: 1 };
}

/** The resume link's id: 32 random bytes in base64url. */
export const AGENCY_RESUME_ID_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** A submitted agency registration's reference, as its contact and the team quote it: `AGY-000123`. */
export function agencyReference(id: number): string {
  return `AGY-${String(id).padStart(6, '0')}`;
}

/** The agency form's base path; the app's own paths (agencyPaths) are below it. */
export const AGENCY_FORM_PATH = '/agency-form';

/** Every path of the agency form app, relative to AGENCY_FORM_PATH (spec §2 "Agency form"). */
export const agencyPaths = {
  start: () => '/',
  step: (step: number, options: { fromConfirm?: boolean } = {}) => `/step/${String(step)}${options.fromConfirm === true ? '?from=confirm' : ''}`,
  contact: () => '/contact',
  completed: () => '/completed',
  resume: (id: string) => `/resume/${id}`,
};

/** The site's address of the resume link the email carries. */
export const agencyResumePath = (id: string) => `${AGENCY_FORM_PATH}${agencyPaths.resume(id)}`;

/** The page title of spec §2, '{product} — Agency Registration', preceded by the screen's label on every screen but the start. */
export function agencyDocumentTitle(productName: string, label: string | undefined): string {
  const title = `${productName} — Agency Registration`;
  return label === undefined ? title : `${label} — ${title}`;
}
