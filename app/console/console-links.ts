import type { SideNavLink } from '../lib/components/app-side-nav';
import { agencyReviewPaths } from '../agency/agency-review-paths';
import { registrationReviewPaths } from '../register/registration-review-paths';
import { teamInboxLinks } from '../threads/team-inbox-routes';
import { teamReportingLinks } from '../reporting/team-reporting-routes';
import { consolePaths } from './paths';
import { applicationReviewPaths } from '../applications/application-review-paths';

/** The console's side navigation: its home (the queues), then each area in the order the team works through them. */
export const consoleLinks: readonly SideNavLink[] = [
  { to: consolePaths.home(), label: 'Queues' },
  { to: applicationReviewPaths.queue(), label: 'Applications' },
  { to: registrationReviewPaths.registrations(), label: 'Supplier registrations' },
  { to: agencyReviewPaths.agencies(), label: 'Agency registrations' },
  ...teamReportingLinks,
  ...teamInboxLinks,
];
