/**
 * What a thread is about, as the team's inbox says it: each model a thread can hang on (spec §3,
 * server/modules/threads/models.ts) in words, and the console screen of its record where the
 * console has one. A model the console learns a screen for adds its path here.
 */
import { teamReportingPaths } from '../reporting/team-reporting-paths';

export interface ThreadSubject {
  /** 'An engagement notice'. */
  label: string;
  /** The record's console screen, when there is one. */
  consolePath?: (recordId: number) => string;
}

const SUBJECTS: Record<string, ThreadSubject> = {
  supplier: { label: 'The supplier in general' },
  application: { label: 'An application' },
  'engagement-notice': { label: 'An engagement notice', consolePath: teamReportingPaths.engagementNotice },
  'billing-report': { label: 'A billing report', consolePath: teamReportingPaths.billingReport },
};

/** The subject of a thread on `model`; a model this list does not know yet reads 'Another record'. */
export function threadSubject(model: string): ThreadSubject {
  return Object.hasOwn(SUBJECTS, model) ? (SUBJECTS[model] ?? { label: 'Another record' }) : { label: 'Another record' };
}
