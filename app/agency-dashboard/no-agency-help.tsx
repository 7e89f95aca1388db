/**
 * What a signed-in person who acts for no agency can do next (issue 31): one who belongs to
 * agencies chooses one in the header's menu; anyone else asks an agency's admin for an invitation
 * or registers their agency; a member of the marketplace team goes to the team's app.
 */
import { AGENCY_FORM_PATH } from '../../common/agency-form';
import type { AgencySummary } from '../../common/api/user';
import { mailtoHref, telHref } from '../../common/contact-links';
import { DASHBOARD_PATH, TEAM_APP_PATH } from '../../common/site-paths';
import { getPageData } from '../lib/page-data';
import { getProductTeamName } from '../lib/product-team';
import { useSwitchAgency } from '../lib/use-current-user';

export function NoAgencyHelp({
  agencies,
  isTeamMember,
  hasActiveSupplier,
}: {
  agencies: readonly AgencySummary[];
  isTeamMember: boolean;
  hasActiveSupplier: boolean;
}) {
  const { productName, teamContact } = getPageData();
  const teamName = getProductTeamName();
  if (agencies.length > 0) {
    return <ChooseAgency agencies={agencies} />;
  }
  if (isTeamMember) {
    return (
      <>
        <p>You are a member of the {teamName}: your work is done in the team&apos;s tools, not in an agency&apos;s dashboard.</p>
        <p>
          <a href={TEAM_APP_PATH}>Go to the team console</a>
        </p>
      </>
    );
  }
  return (
    <>
      <p>You do not act for a government agency in the {productName}.</p>
      <h2>What you can do</h2>
      <ul>
        <li>
          If your agency already uses the {productName}, ask one of its administrators to invite you. The invitation comes by email: follow its
          link, sign in, and your agency&apos;s dashboard opens.
        </li>
        <li>
          To register your agency, use the <a href={AGENCY_FORM_PATH}>agency registration form</a>. The {teamName} reviews it and emails you when
          your agency can start.
        </li>
        <li>
          If you think you should have access, contact the {teamName}: email <a href={mailtoHref(teamContact.email)}>{teamContact.email}</a> or phone{' '}
          <a href={telHref(teamContact.phone)}>{teamContact.phone}</a>.
        </li>
      </ul>
      {hasActiveSupplier && (
        <p>
          You work for a supplier: <a href={DASHBOARD_PATH}>go to your supplier dashboard</a>.
        </p>
      )}
    </>
  );
}

/** A person of agencies acting for none: a button for each, as 'Switch accounts' in the menu offers. */
function ChooseAgency({ agencies }: { agencies: readonly AgencySummary[] }) {
  const switchAgency = useSwitchAgency();
  return (
    <>
      <p>
        {agencies.length === 1
          ? `You belong to ${agencies[0]?.agencyName ?? 'an agency'}, but you are not acting for it at the moment.`
          : 'You belong to more than one agency, but you are not acting for any of them at the moment.'}
      </p>
      <p>Choose the agency to act for. You can change later under ‘Switch accounts’ in the menu with your initials at the top of the page.</p>
      {agencies.map((agency) => (
          <p key={agency.agencyID}>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={switchAgency.isPending ? 'true' : undefined}
              onClick={() => {
                if (!switchAgency.isPending) {
                  switchAgency.mutate(agency.agencyID);
                }
              }}
            >
              Act for {agency.agencyName}
            </button>
          </p>
        ))}
      {switchAgency.isError && (
        <p className="alert alert--error" role="alert">
          We could not switch to that agency. Try again.
        </p>
      )}
    </>
  );
}
