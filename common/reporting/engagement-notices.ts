/**
 * Engagement notices (spec §3 "Engagement notice", §4): their statuses (./record-status.ts says
 * what each means), the form's fields, the reasons a supplier may give for withdrawing one, and the
 * rules both sides run. The codes are what the API stores and sends.
 */
import { isSeenByTeam, type RecordStatus } from './record-status';

export const ENGAGEMENT_NOTICE_FORM_KEY = 'engagement-notice';

export const ENGAGEMENT_NOTICE_STATUS_CODES = ['draft', 'submitted', 'withdrawn'] as const satisfies readonly RecordStatus[];
export type EngagementNoticeStatus = (typeof ENGAGEMENT_NOTICE_STATUS_CODES)[number];

/** The notices' statuses the team sees. */
export const TEAM_NOTICE_STATUS_CODES = ENGAGEMENT_NOTICE_STATUS_CODES.filter(isSeenByTeam);
export type TeamNoticeStatus = (typeof TEAM_NOTICE_STATUS_CODES)[number];

/**
 * The notice form's steps and the fields the portal reads from its answers (the form itself is
 * `server/db/content/reporting-forms.ts`): the server copies them into the notice's columns, the
 * browser checks the dates as they are typed.
 */
export const NOTICE_STEPS = { engagement: 'engagement', datesAndValue: 'dates-and-value' } as const;
export const NOTICE_FIELDS = {
  agency: 'agency',
  title: 'title',
  reference: 'reference',
  services: 'services',
  startDate: 'start_date',
  endDate: 'end_date',
  value: 'value',
} as const;

/** Whether a notice may be withdrawn: a submitted one (a draft is deleted instead). */
export function isWithdrawable(status: EngagementNoticeStatus): boolean {
  return status === 'submitted';
}

/** The reasons a submitted notice may be withdrawn for; `other` needs the supplier's own words. */
export const WITHDRAWN_REASONS = [
  { code: 'cancelled_by_agency', label: 'The agency cancelled the engagement' },
  { code: 'not_proceeding', label: 'The engagement did not go ahead' },
  { code: 'duplicate', label: 'It duplicates another notice' },
  { code: 'entered_in_error', label: 'It was submitted in error' },
  { code: 'other', label: 'Other' },
] as const;

export type WithdrawnReason = (typeof WITHDRAWN_REASONS)[number]['code'];
export const WITHDRAWN_REASON_CODES: readonly WithdrawnReason[] = WITHDRAWN_REASONS.map((reason) => reason.code);
export const WITHDRAWN_REASON_OTHER_MAX_LENGTH = 1000;

export function withdrawnReasonLabel(reason: WithdrawnReason): string {
  return WITHDRAWN_REASONS.find((candidate) => candidate.code === reason)?.label ?? reason;
}

/** What is wrong with a withdrawal: null when it may go ahead. */
export function withdrawalProblem(reason: WithdrawnReason, other: string | undefined): string | null {
  if (reason === 'other' && (other ?? '').trim() === '') {
    return 'Say why you are withdrawing this engagement notice';
  }
  return null;
}

/** What is wrong with an engagement's dates (ISO yyyy-mm-dd): null when both are missing or in order. */
export function engagementDatesProblem(startDate: string | undefined, endDate: string | undefined): string | null {
  if (startDate !== undefined && endDate !== undefined && endDate < startDate) {
    return 'The end date must be the same as or after the start date';
  }
  return null;
}

/** How a service reads in the notice's service list (spec §3): 'title - (catalogue: title)'. */
export function serviceOptionLabel(service: { title: string; catalogue: { title: string } }): string {
  return `${service.title} - (catalogue: ${service.catalogue.title})`;
}
