/**
 * Where what suppliers report and what agencies confirm disagree (issue 31): the team's console
 * counts each on its home and its notices and reports lists filter by them. The rules themselves are
 * the server's (server/modules/reporting/mismatches.ts); these are their names.
 */

/** The mismatches a notice can show: unanswered past the review target, or billed over its value. */
export const NOTICE_MISMATCH_CODES = ['unconfirmed', 'over-value'] as const;
export type NoticeMismatch = (typeof NOTICE_MISMATCH_CODES)[number];

export const NOTICE_MISMATCH_LABELS: Record<NoticeMismatch, string> = {
  unconfirmed: 'Not answered by the agency in time',
  'over-value': 'Billed more than its value',
};
