/**
 * The agency's answer to an engagement notice that names it (issue 31): awaiting an answer,
 * confirmed, or disputed with a reason. The codes are what the API stores and sends; the labels are
 * what every side reads.
 */

export const AGENCY_RESPONSE_STATUS_CODES = ['awaiting', 'confirmed', 'disputed'] as const;
export type AgencyResponseStatus = (typeof AGENCY_RESPONSE_STATUS_CODES)[number];

export const AGENCY_RESPONSE_STATUS_LABELS: Record<AgencyResponseStatus, string> = {
  awaiting: 'Waiting for the agency',
  confirmed: 'Confirmed by the agency',
  disputed: 'Disputed by the agency',
};

/** Why an agency disputes a notice; each needs the agency's own words too. */
export const DISPUTE_REASONS = [
  { code: 'wrong_value', label: 'The value is wrong' },
  { code: 'wrong_dates', label: 'The dates are wrong' },
  { code: 'never_engaged', label: 'We did not engage this supplier for this' },
  { code: 'other', label: 'Something else' },
] as const;

export type DisputeReason = (typeof DISPUTE_REASONS)[number]['code'];
export const DISPUTE_REASON_CODES: readonly DisputeReason[] = DISPUTE_REASONS.map((reason) => reason.code);
export const DISPUTE_DETAILS_MAX_LENGTH = 2000;

export function disputeReasonLabel(reason: DisputeReason): string {
  return DISPUTE_REASONS.find((candidate) => candidate.code === reason)?.label ?? reason;
}

/** What is wrong with a dispute: null when it may be sent. */
export function disputeProblem(details: string): string | null {
  const length = details.trim().length;
  if (length === 0) {
    return 'Say what is wrong with this engagement notice';
  }
  if (length > DISPUTE_DETAILS_MAX_LENGTH) {
    return `Say what is wrong in ${String(DISPUTE_DETAILS_MAX_LENGTH)} characters or fewer`;
  }
  return null;
}

/**
 * Whether the agency may still answer: a notice waiting for it may be confirmed or disputed; a
 * disputed one may be confirmed once the dispute is settled; a confirmed one is final.
 */
export function canConfirm(status: AgencyResponseStatus): boolean {
  return status !== 'confirmed';
}

export function canDispute(status: AgencyResponseStatus): boolean {
  return status === 'awaiting';
}

/**
 * The agency's answer to a billing report on an engagement it confirmed (issue 31): awaiting an
 * answer, the amount confirmed, or the amount queried with the agency's own words. Same rules as a
 * notice's: a query may be settled by confirming; a confirmation is final.
 */
export const REPORT_RESPONSE_STATUS_CODES = ['awaiting', 'confirmed', 'queried'] as const;
export type ReportResponseStatus = (typeof REPORT_RESPONSE_STATUS_CODES)[number];

export const REPORT_RESPONSE_STATUS_LABELS: Record<ReportResponseStatus, string> = {
  awaiting: 'Waiting for the agency',
  confirmed: 'Confirmed by the agency',
  queried: 'Queried by the agency',
};

export const QUERY_DETAILS_MAX_LENGTH = DISPUTE_DETAILS_MAX_LENGTH;

/** What is wrong with a query of a billed amount: null when it may be sent. */
export function queryProblem(details: string): string | null {
  const length = details.trim().length;
  if (length === 0) {
    return 'Say what is wrong with the amount billed';
  }
  if (length > QUERY_DETAILS_MAX_LENGTH) {
    return `Say what is wrong in ${String(QUERY_DETAILS_MAX_LENGTH)} characters or fewer`;
  }
  return null;
}

export function canConfirmReport(status: ReportResponseStatus): boolean {
  return status !== 'confirmed';
}

export function canQueryReport(status: ReportResponseStatus): boolean {
  return status === 'awaiting';
}
