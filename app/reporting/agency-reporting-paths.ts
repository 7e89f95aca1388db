/**
 * The agency dashboard's reporting screens (issue 31), relative to the agency dashboard's base
 * (/agency), built in one place: the screens and the shell link with these, and
 * ./agency-reporting-routes.tsx is the table they match.
 */
export const agencyReportingPaths = {
  engagementNotices: (search = '') => `/engagement-notices${search}`,
  engagementNotice: (id: number) => `/engagement-notices/${String(id)}`,
  disputeNotice: (id: number) => `/engagement-notices/${String(id)}/dispute`,
  noticeConfidentiality: (id: number) => `/engagement-notices/${String(id)}/open-data`,
  billingReports: (search = '') => `/billing-reports${search}`,
  billingReport: (id: number) => `/billing-reports/${String(id)}`,
  queryReport: (id: number) => `/billing-reports/${String(id)}/query`,
  spend: (search = '') => `/spend${search}`,
};
