/**
 * What a signed-in person with no active supplier can do next (under spec §2's not-attached
 * error): a supplier's person asks for an invitation or registers their business; a member of the
 * marketplace team goes to the team's app; a person who belongs to agencies (issue 31) first learns
 * that their agency's work is on the agency dashboard.
 */
import type { AgencySummary } from '../../common/api/user';
import { mailtoHref, telHref } from '../../common/contact-links';
import { AGENCY_DASHBOARD_PATH, TEAM_APP_PATH } from '../../common/site-paths';
import { REGISTER_START_PATH } from '../../common/registration/steps';
import { getPageData } from '../lib/page-data';
import { getProductTeamName } from '../lib/product-team';

export default function NoSupplierHelp({ isTeamMember, agencies }: { isTeamMember: boolean; agencies: readonly AgencySummary[] }) {
  return (
    <>
      <AgencyDashboardPointer agencies={agencies} />
      {isTeamMember ? <TeamMemberHelp /> : <SupplierPersonHelp />}
    </>
  );
}

/** Where the person's agencies' work is: the agency dashboard, not a supplier's. */
function AgencyDashboardPointer({ agencies }: { agencies: readonly AgencySummary[] }) {
  const [first] = agencies;
  if (first === undefined) {
    return null;
  }
  return (
    <>
      <p>
        {agencies.length === 1
          ? `You are a user of ${first.agencyName}, an approved agency. Its work is done in the agency dashboard, not in a supplier’s dashboard.`
          : 'You are a user of approved agencies. Their work is done in the agency dashboard, not in a supplier’s dashboard.'}
      </p>
      <p>
        <a href={AGENCY_DASHBOARD_PATH}>Go to your agency dashboard</a>
      </p>
    </>
  );
}

function TeamMemberHelp() {
  return (
    <>
      <p>You are a member of the {getProductTeamName()}: your work is done in the team&apos;s tools, not in a supplier&apos;s dashboard.</p>
      <p>
        <a href={TEAM_APP_PATH}>Go to the team console</a>
      </p>
    </>
  );
}

function SupplierPersonHelp() {
  const { productName, teamContact } = getPageData();
  const teamName = getProductTeamName();
  return (
    <>
      <h2>What you can do</h2>
      <ul>
        <li>
          If your business already uses the {productName}, ask one of its administrators to invite you. The
          invitation comes by email: follow its link, sign in, and your business&apos;s dashboard opens.
        </li>
        <li>
          To register a new business, use the <a href={REGISTER_START_PATH}>supplier registration form</a>. The {teamName} reviews it
          and emails you when your business can start.
        </li>
        <li>
          If you think you should have access, contact the {teamName}: email{' '}
          <a href={mailtoHref(teamContact.email)}>{teamContact.email}</a> or phone <a href={telHref(teamContact.phone)}>{teamContact.phone}</a>.
        </li>
      </ul>
    </>
  );
}
