import type { AgencySummary } from '../../common/api/user';
import { agencyUsersLink } from '../agency-users/agency-users-routes';
import { AppSideNav } from '../lib/components/app-side-nav';
import { agencyReportingLinks } from '../reporting/agency-reporting-routes';
import { shortlistsLink } from '../shortlists/shortlists-routes';

/** The agency dashboard's side navigation, under the name of the agency it works for; Shortlists for everyone, People for its admins only. */
export function AgencyDashboardNav({ agency }: { agency: AgencySummary }) {
  return (
    <AppSideNav
      label="Agency dashboard"
      owner={{ label: 'Agency', name: agency.agencyName }}
      menuLabel="Agency dashboard menu"
      links={[...agencyReportingLinks, shortlistsLink, ...(agency.isAdmin ? [agencyUsersLink] : [])]}
    />
  );
}
