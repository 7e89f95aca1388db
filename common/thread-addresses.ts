/**
 * Where a thread is read, from the site's root, for the links in its mails: the team's inbox
 * thread, and the supplier dashboard's screen of the record it hangs on (spec §2 routes), where
 * the record's messages are. The browser apps' own paths files are the routes; a test
 * (app/threads/thread-addresses.test.ts) holds these to them.
 */
import type { ThreadModelCode } from './api/threads';
import { AGENCY_DASHBOARD_PATH, DASHBOARD_PATH, TEAM_APP_PATH } from './site-paths';

const DASHBOARD_RECORD_PATHS: Record<ThreadModelCode, (recordId: number) => string> = {
  supplier: () => `${DASHBOARD_PATH}/supplier`,
  application: (id) => `${DASHBOARD_PATH}/applications/application/${String(id)}`,
  'engagement-notice': (id) => `${DASHBOARD_PATH}/engagement-notices/engagement-notice/${String(id)}`,
  'billing-report': (id) => `${DASHBOARD_PATH}/billing-reports/billing-report/${String(id)}`,
};

/** The record's screen in the supplier's dashboard; the dashboard's home for a model it does not know. */
export function dashboardRecordPath(model: string, recordId: number): string {
  return Object.hasOwn(DASHBOARD_RECORD_PATHS, model) ? DASHBOARD_RECORD_PATHS[model as ThreadModelCode](recordId) : DASHBOARD_PATH;
}

const AGENCY_RECORD_PATHS: Partial<Record<ThreadModelCode, (recordId: number) => string>> = {
  'engagement-notice': (id) => `${AGENCY_DASHBOARD_PATH}/engagement-notices/${String(id)}`,
  'billing-report': (id) => `${AGENCY_DASHBOARD_PATH}/billing-reports/${String(id)}`,
};

/**
 * The record's screen in the agency dashboard (issue 31): a notice's dispute and a report's query
 * have an agency in them; the dashboard's home for anything else.
 */
export function agencyRecordPath(model: string, recordId: number): string {
  const path = Object.hasOwn(AGENCY_RECORD_PATHS, model) ? AGENCY_RECORD_PATHS[model as ThreadModelCode] : undefined;
  return path ? path(recordId) : AGENCY_DASHBOARD_PATH;
}

/** The team's inbox, for the digest's link to every thread. */
export function teamInboxPath(): string {
  return `${TEAM_APP_PATH}/inbox`;
}

/** The thread in the team's inbox. */
export function teamThreadPath(threadId: number): string {
  return `${TEAM_APP_PATH}/inbox/${String(threadId)}`;
}
