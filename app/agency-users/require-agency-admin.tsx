import { Link, Outlet } from 'react-router';
import { useActiveAgency } from '../lib/active-agency';
import { Screen } from '../lib/components/screen';
import { agencyReportingPaths } from '../reporting/agency-reporting-paths';

/** What a member who is not an admin sees instead of the people screens. */
export const NOT_AGENCY_ADMIN_MESSAGE = 'You need to be an administrator of this agency to manage its people.';

/** Layout route of the people screens (issue 31): only the active agency's admins pass (the server checks it on every call too). */
export function RequireAgencyAdmin() {
  const agency = useActiveAgency();
  if (!agency.isAdmin) {
    return (
      <Screen title="People">
        <p className="notice">{NOT_AGENCY_ADMIN_MESSAGE}</p>
        <p>
          Ask an administrator of {agency.agencyName} if you need a person added or removed.{' '}
          <Link to={agencyReportingPaths.engagementNotices()}>Go to your engagement notices</Link>
        </p>
      </Screen>
    );
  }
  return <Outlet />;
}
