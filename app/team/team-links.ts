import type { SideNavLink } from '../lib/components/app-side-nav';
import { agencyReviewPaths } from '../agencies/agency-review-paths';
import { catalogueManagementLinks } from '../catalogue/catalogue-management-routes';
import { auditLogLinks } from '../audit/audit-log-routes';
import { registrationReviewPaths } from '../registration/registration-review-paths';
import { supplierManagementLinks } from '../suppliers/supplier-management-routes';
import { teamInboxLinks } from '../threads/team-inbox-routes';
import { teamReportingLinks } from '../reporting/team-reporting-routes';
import { teamMemberLinks } from '../team-members/team-member-routes';
import { backgroundJobLinks } from '../background-jobs/background-job-routes';
import { teamPaths } from './paths';
import { applicationReviewPaths } from '../applications/application-review-paths';
import { teamListingLinks } from '../listings/team-listings-routes';

/** The team app's side navigation: its home (the queues), then each area in the order the team works through them. */
export const teamLinks: readonly SideNavLink[] = [
  { to: teamPaths.home(), label: 'Queues' },
  { to: applicationReviewPaths.queue(), label: 'Applications' },
  ...teamListingLinks,
  { to: registrationReviewPaths.registrations(), label: 'Supplier registrations' },
  { to: agencyReviewPaths.agencies(), label: 'Agency registrations' },
  ...teamReportingLinks,
  ...teamInboxLinks,
  ...supplierManagementLinks,
  ...catalogueManagementLinks,
  ...auditLogLinks,
  ...teamMemberLinks,
  ...backgroundJobLinks,
];
