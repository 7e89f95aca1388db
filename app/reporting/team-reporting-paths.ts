/**
 * The team app's engagement notices and billing reports screens, relative to the team app's
 * base (/admin), built in one place: the screens link with these, and ./team-reporting-routes.tsx
 * is the table they match.
 */
export const teamReportingPaths = {
  engagementNotices: (search = '') => `/engagement-notices${search}`,
  engagementNotice: (id: number) => `/engagement-notices/${String(id)}`,
  billingReports: (search = '') => `/billing-reports${search}`,
  billingReport: (id: number) => `/billing-reports/${String(id)}`,
  missingBillingReports: (search = '') => `/missing-billing-reports${search}`,
};
