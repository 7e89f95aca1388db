/**
 * Keeping an engagement out of open data (issue 32): the supplier or the agency may mark an
 * engagement notice confidential, with its reason, until the agency confirms it. A confirmed
 * notice is published (server/modules/open-data) unless either side marked it, and a publication
 * cannot be taken back, so the mark is settled by then. The rules both sides and the server run.
 */
import type { AgencyResponseStatus } from './agency-responses';
import type { EngagementNoticeStatus } from './engagement-notices';

export const CONFIDENTIAL_REASON_MAX_LENGTH = 1000;

/** The question both sides answer, and its two answers. */
export const CONFIDENTIALITY_QUESTION = 'Can this engagement be published as open data?';
export const PUBLISH_ANSWER = 'Yes, it can be published';
export const CONFIDENTIAL_ANSWER = 'No, it is confidential';

/** Each side's reason for keeping the engagement out of open data; null where that side has not. */
export interface ConfidentialityMarks {
  supplierReason: string | null;
  agencyReason: string | null;
}

export function isConfidential(marks: ConfidentialityMarks): boolean {
  return marks.supplierReason !== null || marks.agencyReason !== null;
}

/**
 * Whether the mark may change: on a sent notice (a draft is the supplier's own, not yet anyone's to
 * publish; a withdrawn one is not published) that its agency has not confirmed.
 */
export function canChangeConfidentiality(status: EngagementNoticeStatus, agencyResponse: AgencyResponseStatus): boolean {
  return status === 'submitted' && agencyResponse !== 'confirmed';
}

/** What is wrong with an answer: null when it may be saved. */
export function confidentialityProblem(confidential: boolean, reason: string | undefined): string | null {
  if (!confidential) {
    return null;
  }
  const length = (reason ?? '').trim().length;
  if (length === 0) {
    return 'Say why this engagement is confidential';
  }
  if (length > CONFIDENTIAL_REASON_MAX_LENGTH) {
    return `Say why in ${String(CONFIDENTIAL_REASON_MAX_LENGTH)} characters or fewer`;
  }
  return null;
}

/** Where the engagement stands, in a sentence for whoever reads the notice. */
export function publicationSentence(marks: ConfidentialityMarks, agencyResponse: AgencyResponseStatus, status: EngagementNoticeStatus): string {
  if (marks.supplierReason !== null && marks.agencyReason !== null) {
    return 'Not published as open data: the supplier and the agency both marked it confidential.';
  }
  if (marks.supplierReason !== null) {
    return 'Not published as open data: the supplier marked it confidential.';
  }
  if (marks.agencyReason !== null) {
    return 'Not published as open data: the agency marked it confidential.';
  }
  if (status === 'withdrawn') {
    return agencyResponse === 'confirmed' ? 'Published as open data, and its withdrawal too.' : 'Not published as open data: it was withdrawn before the agency confirmed it.';
  }
  return agencyResponse === 'confirmed'
    ? 'Published as open data.'
    : 'It will be published as open data once the agency confirms it, unless the supplier or the agency marks it confidential first.';
}
