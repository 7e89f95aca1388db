/**
 * Engagement notices (spec §3 "Engagement notice", §4): their statuses, the reasons a supplier
 * may give for withdrawing one, and the rules both sides run. The codes are what the API stores
 * and sends.
 */
import type { StatusTone } from './application-stages';

export const ENGAGEMENT_NOTICE_FORM_KEY = 'engagement-notice';

export const ENGAGEMENT_NOTICE_STATUSES = [
  { code: 'draft', label: 'Draft', tone: 'draft' },
  { code: 'submitted', label: 'Submitted', tone: 'done' },
  { code: 'withdrawn', label: 'Withdrawn', tone: 'refused' },
] as const satisfies readonly { code: string; label: string; tone: StatusTone }[];

export type EngagementNoticeStatus = (typeof ENGAGEMENT_NOTICE_STATUSES)[number]['code'];
export const ENGAGEMENT_NOTICE_STATUS_CODES: readonly EngagementNoticeStatus[] = ENGAGEMENT_NOTICE_STATUSES.map((status) => status.code);

/** The statuses a supplier saves with: a draft, or the submission (which locks the notice). */
export const SAVE_STATUSES = ['draft', 'submitted'] as const;
export type SaveStatus = (typeof SAVE_STATUSES)[number];

export function engagementNoticeStatusLabel(status: EngagementNoticeStatus): string {
  return ENGAGEMENT_NOTICE_STATUSES.find((candidate) => candidate.code === status)?.label ?? status;
}

/** Whether the supplier may still change (save, submit, delete) a notice: only a draft. */
export function isEngagementNoticeEditable(status: EngagementNoticeStatus): boolean {
  return status === 'draft';
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
