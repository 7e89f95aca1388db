/** Every route of spec §2 "Dashboard" (and the dashboard's own since), with a real id where the route takes one (application 1 is the demo application of the admin's supplier). */
export const DASHBOARD_SCREENS = [
  '/dashboard/applications',
  '/dashboard/applications/application/1',
  '/dashboard/applications/application/1/data',
  '/dashboard/applications/apply/company-details',
  '/dashboard/applications/apply/services',
  '/dashboard/applications/apply/terms',
  '/dashboard/applications/apply/onboarding',
  '/dashboard/applications/apply/step/1',
  '/dashboard/applications/apply/confirm',
  '/dashboard/applications/apply/success',
  '/dashboard/applications/apply/contact',
  '/dashboard/engagement-notices',
  '/dashboard/engagement-notices/engagement-notice/1',
  '/dashboard/engagement-notices/submit/step/1',
  // The demo's draft notice, at the check of its answers.
  '/dashboard/engagement-notices/submit/4/check-answers',
  '/dashboard/billing-reports',
  '/dashboard/billing-reports/billing-report/1',
  '/dashboard/billing-reports/submit/step/1',
  // A new report's amounts before its notice is chosen: the services wait for it.
  '/dashboard/billing-reports/submit/step/2',
  '/dashboard/users',
  '/dashboard/users/add',
  '/dashboard/users/edit/1',
  // Whether everyone must use two-step verification (issue 29).
  '/dashboard/users/two-step-verification',
  '/dashboard/supplier',
  '/dashboard/supplier/edit/company-details',
  '/dashboard/supplier/edit/financial-viability',
  '/dashboard/supplier/edit/validation',
  '/dashboard/supplier/edit/public-profile',
  // The service listings (issue 30): the demo admin's supplier's services by id, as the demo data
  // lists them (server/seed/demo-listings.ts): 1 published, 12 with a change waiting for review,
  // 21 not started, with two steps of its form.
  '/dashboard/listings',
  '/dashboard/listings/1',
  '/dashboard/listings/12',
  '/dashboard/listings/21',
  '/dashboard/listings/21/about',
  '/dashboard/listings/21/documents',
  // Beyond spec §2: the conversations with the team (issue 27).
  '/dashboard/messages',
];

/**
 * The agency dashboard's screens (issue 31, app/agency-dashboard/), signed in as the demo agency's
 * admin (buyer@example.com, Ministry for Regional Development): the notices naming it, the billing
 * reports on the engagements it confirmed and one of them, its people, the invite form, and the
 * edit form of its member Hana Wiremu, user 11 of the demo data (e2e/agency-accounts.e2e.ts checks
 * that her Edit link is this one). Report 4 is the demo's July 2026 report on 'Regional services
 * portal', the fourth report the demo data inserts (server/seed/demo-reporting.ts): queried, so its
 * screen shows the answer, the query's conversation and the message form.
 */
export const AGENCY_DASHBOARD_SCREENS = [
  '/agency/engagement-notices',
  '/agency/billing-reports',
  '/agency/billing-reports/4',
  '/agency/spend',
  // The shortlists (issue 31): the list (empty or not), the form that names a new one, and saving
  // the demo's first supplier (Kōwhai Digital) found in the directory.
  '/agency/shortlists',
  '/agency/shortlists/new',
  '/agency/shortlists/save/1',
  '/agency/people',
  '/agency/people/invite',
  '/agency/people/edit/11',
];
