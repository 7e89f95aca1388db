/**
 * The statuses of an application for services: Incomplete while the supplier writes it (spec §4
 * "Other dashboard transitions"), then the seven stages of spec §4 as displayed, in order, with
 * what each means (`{product}` stands for the product's name). The codes are what the API stores
 * and sends.
 */
import { INITIAL_APPLICATION_STATUS } from './constants';

export const INCOMPLETE = 'incomplete';

/**
 * What a status means to the supplier, which its tag's colour shows: still theirs to finish
 * (draft), with the team (waiting), needing them to act (action), finished well (done) or refused.
 */
export type StatusTone = 'draft' | 'waiting' | 'action' | 'done' | 'refused';

export const APPLICATION_STAGES = [
  { code: 'submitted', label: 'Submitted', explanation: 'Your application is queued for review.', tone: 'waiting' },
  { code: 'pre_assessment', label: 'Pre-assessment', explanation: 'The team checks your application is complete.', tone: 'waiting' },
  { code: 'in_progress', label: 'In Progress', explanation: 'Your application is being assessed.', tone: 'waiting' },
  {
    code: 'granted',
    label: 'Application for service(s) granted. Complete listing details.',
    explanation:
      'Download the listing templates and submit them in the dashboard, or by mail to the {product} team.',
    tone: 'action',
  },
  { code: 'listing_validation', label: 'Service Listing Validation', explanation: 'The team checks your listing details.', tone: 'waiting' },
  {
    code: 'published',
    label: 'Service Listing(s) Published',
    explanation: 'You are an approved supplier: your listings are in the directory.',
    tone: 'done',
  },
  { code: 'declined', label: 'Declined', explanation: 'Your application was declined. The reasons are in its messages.', tone: 'refused' },
] as const satisfies readonly { code: string; label: string; explanation: string; tone: StatusTone }[];

export type ApplicationStageCode = (typeof APPLICATION_STAGES)[number]['code'];
export type ApplicationStatus = typeof INCOMPLETE | ApplicationStageCode;

export const APPLICATION_STATUSES: readonly ApplicationStatus[] = [INCOMPLETE, ...APPLICATION_STAGES.map((stage) => stage.code)];

/** Whether the supplier may still change (save, submit, delete) an application: only while it is Incomplete. */
export function isApplicationEditable(status: ApplicationStatus): boolean {
  return status === INCOMPLETE;
}

/** How each status reads to a person. */
export function applicationStatusLabel(status: ApplicationStatus): string {
  return status === INCOMPLETE ? INITIAL_APPLICATION_STATUS : (APPLICATION_STAGES.find((stage) => stage.code === status)?.label ?? status);
}

export function applicationStatusTone(status: ApplicationStatus): StatusTone {
  return status === INCOMPLETE ? 'draft' : (APPLICATION_STAGES.find((stage) => stage.code === status)?.tone ?? 'waiting');
}

/**
 * Whether an application waits on the supplier: Incomplete (theirs to finish and submit), or at a
 * stage whose tone is 'action' (granted: the listing details are theirs to send). The next steps panel lists these.
 */
export function isWaitingOnSupplier(status: ApplicationStatus): boolean {
  const tone = applicationStatusTone(status);
  return tone === 'draft' || tone === 'action';
}

/** What a stage means, with the product's name in it. */
export function stageExplanation(stage: (typeof APPLICATION_STAGES)[number], productName: string): string {
  return stage.explanation.replace('{product}', productName);
}

/**
 * The moves the marketplace team may make: each stage to the next, and any stage before
 * publication to Declined. Incomplete → Submitted is the supplier's own (submitting).
 */
export const TEAM_TRANSITIONS: Readonly<Record<ApplicationStageCode, readonly ApplicationStageCode[]>> = {
  submitted: ['pre_assessment', 'declined'],
  pre_assessment: ['in_progress', 'declined'],
  in_progress: ['granted', 'declined'],
  granted: ['listing_validation', 'declined'],
  listing_validation: ['published', 'declined'],
  published: [],
  declined: [],
};

/** The stages during which the team decides on each requested service (grants or declines it). */
export const SERVICE_DECISION_STAGES: readonly ApplicationStageCode[] = ['submitted', 'pre_assessment', 'in_progress'];

/** Whether the team may still grant or decline the application's services at this status. */
export function areServicesDecidable(status: ApplicationStatus): boolean {
  return SERVICE_DECISION_STAGES.some((stage) => stage === status);
}

/** The statuses an application ends at: nothing more happens to it (Published or Declined). */
export const FINISHED_APPLICATION_STATUSES: readonly ApplicationStageCode[] = (Object.keys(TEAM_TRANSITIONS) as ApplicationStageCode[]).filter(
  (status) => TEAM_TRANSITIONS[status].length === 0,
);

/** The stages the team may move an application to from this status (none from Incomplete, Published or Declined). */
export function teamMovesFrom(status: ApplicationStatus): readonly ApplicationStageCode[] {
  return status === INCOMPLETE ? [] : TEAM_TRANSITIONS[status];
}
