/**
 * What a signed-in person with no active supplier can do next (under spec §2's not-attached
 * error): a supplier's person asks for an invitation or registers their business; a member of the
 * marketplace team goes to the team's app.
 */
import { mailtoHref, telHref } from '../../common/contact-links';
import { TEAM_APP_PATH } from '../../common/site-paths';
import { REGISTER_START_PATH } from '../../common/registration/steps';
import { getPageData } from '../lib/page-data';
import { getProductTeamName } from '../lib/product-team';

export function NoSupplierHelp({ isTeamMember }: { isTeamMember: boolean }) {
  const { productName, teamContact } = getPageData();
  const teamName = getProductTeamName();
  if (isTeamMember) {
    return (
      <>
        <p>You are a member of the {teamName}: your work is done in the team&apos;s tools, not in a supplier&apos;s dashboard.</p>
        <p>
          <a href={TEAM_APP_PATH}>Go to the team console</a>
        </p>
      </>
    );
  }
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
