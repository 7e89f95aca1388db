/**
 * What the reporting area lends the rest of the browser side: how a notice is named to people and
 * the notice and report status tags (the team app's supplier screen lists a supplier's records),
 * the team home's reporting mismatches panel and its query (the home shows its parts together), and, for the dashboard's route test, the kinds and
 * their drafts' query keys. Other areas import
 * reporting through this file, its paths and its routes only (.dependency-cruiser.cjs).
 */
export { noticeName } from './list-params';
export { reportingQueryKeys, type ReportingDraft } from './reporting-api';
export { billingReportKind, engagementNoticeKind } from './reporting-kinds';
export { RecordStatusTag } from './status-history';
export { ReportingMismatchesPanel } from './team-mismatches-panel';
export { useReportingMismatches } from './team-reporting-api';
