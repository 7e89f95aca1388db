import type { SideNavLink } from '../lib/components/app-side-nav';
import { teamInboxLinks } from '../threads/team-inbox-routes';
import { teamReportingLinks } from '../reporting/team-reporting-routes';
import { consolePaths } from './paths';

/** The console's side navigation: its home (the queues), then each area in the order the team works through them. */
export const consoleLinks: readonly SideNavLink[] = [
  { to: consolePaths.home(), label: 'Queues' },
  ...teamInboxLinks, ...teamReportingLinks,
];
