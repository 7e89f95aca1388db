/**
 * What the reporting area lends other areas (.dependency-cruiser.cjs): a supplier's missing billing
 * reports, for the next-steps area's "what needs doing" (the rule is `missing-reports.ts`).
 */
export { findSupplierMissingReports } from './missing-reports';
