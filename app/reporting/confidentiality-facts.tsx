/**
 * Whether an engagement is published as open data (issue 32), as rows of a notice's facts: where it
 * stands in a sentence, and each side's reason for keeping it confidential. The supplier's, the
 * agency's and the team's notice screens all list them.
 */
import type { ReactNode } from 'react';
import type { ConfidentialityMarksResponse } from '../../common/api/confidentiality';
import type { AgencyResponseStatus } from '../../common/reporting/agency-responses';
import { publicationSentence } from '../../common/reporting/confidentiality';
import type { EngagementNoticeStatus } from '../../common/reporting/engagement-notices';

export function confidentialityFacts(marks: ConfidentialityMarksResponse, agencyResponse: AgencyResponseStatus, status: EngagementNoticeStatus): [string, ReactNode][] {
  const facts: [string, ReactNode][] = [['Open data', publicationSentence(marks, agencyResponse, status)]];
  if (marks.supplierReason !== null) {
    facts.push(["Supplier's reason it is confidential", <span key="supplier" className="reporting-notes">{marks.supplierReason}</span>]);
  }
  if (marks.agencyReason !== null) {
    facts.push(["Agency's reason it is confidential", <span key="agency" className="reporting-notes">{marks.agencyReason}</span>]);
  }
  return facts;
}
