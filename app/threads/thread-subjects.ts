/**
 * What a thread is about, as the team's inbox says it: each model a thread can hang on (spec §3,
 * server/modules/threads/models.ts) in words, and the team's screen of its record where the
 * team's app has one. A model the team's app learns a screen for adds its path here.
 */
import { applicationReviewPaths } from '../applications/application-review-paths';
import { teamReportingPaths } from '../reporting/team-reporting-paths';
import { supplierManagementPaths } from '../suppliers/supplier-management-paths';

export interface ThreadSubject {
  /** 'An engagement notice'. */
  label: string;
  /** the record's team screen screen, when there is one. */
  teamPath?: (recordId: number) => string;
}

const SUBJECTS: Record<string, ThreadSubject> = {
  // A supplier's own threads hang on the supplier: the record id is its id.
  supplier: { label: 'The supplier in general', teamPath: supplierManagementPaths.supplier },
  application: { label: 'An application', teamPath: applicationReviewPaths.application },
  'engagement-notice': { label: 'An engagement notice', teamPath: teamReportingPaths.engagementNotice },
  'billing-report': { label: 'A billing report', teamPath: teamReportingPaths.billingReport },
};

/** The subject of a thread on `model`; a model this list does not know yet reads 'Another record'. */
export function threadSubject(model: string): ThreadSubject {
  return Object.hasOwn(SUBJECTS, model) ? (SUBJECTS[model] ?? { label: 'Another record' }) : { label: 'Another record' };
}
