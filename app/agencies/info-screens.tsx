/** /contact and /completed: the team's contact details, and the end of the form. */
import { Link, useLocation } from 'react-router';
import { isRecord } from '../../common/is-record';
import { agencyPaths } from '../../common/agency-form';
import { mailtoHref, telHref } from '../../common/contact-links';
import { Screen } from '../lib/components/screen';
import { getPageData } from '../lib/page-data';
import { getProductTeamName } from '../lib/product-team';

export function ContactScreen() {
  const { teamContact } = getPageData();
  return (
    <Screen title="Contact">
      <p>For help with registering your agency, or a question about the {getProductTeamName()}&apos;s work, contact the team.</p>
      <dl className="agency-contact">
        <div>
          <dt>Email</dt>
          <dd>
            <a href={mailtoHref(teamContact.email)}>{teamContact.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(teamContact.phone)}>{teamContact.phone}</a>, Monday to Friday, 9am to 5pm
          </dd>
        </div>
      </dl>
      <p>We answer emails within 2 working days. If you saved your answers, have the email with your link to hand.</p>
      <p>
        <Link to={agencyPaths.start()}>Back to the agency registration form</Link>
      </p>
    </Screen>
  );
}

/** What the form's last step tells the completed screen. */
export interface CompletedState {
  reference: string | null;
}

function referenceOf(state: unknown): string | null {
  return isRecord(state) && typeof state.reference === 'string' ? state.reference : null;
}

export function CompletedScreen() {
  const reference = referenceOf(useLocation().state);
  return (
    <Screen title="Application completed">
      <div className="panel panel--success">
        <p>Your agency&apos;s registration has been sent to the {getProductTeamName()}.</p>
        {reference !== null && (
          <p>
            Your reference is <strong>{reference}</strong>
          </p>
        )}
      </div>
      <h2>What happens next</h2>
      <p>
        We have emailed the contact you gave to say we have your registration. The team aims to check it within{' '}
        {getPageData().reviewTargetDays} working days, and emails its decision to the same address. Once your agency is approved, it can
        engage the approved suppliers.
      </p>
      {reference !== null && <p>Quote your reference if you contact the team about your registration.</p>}
      <p>
        Meanwhile, you can <a href="/approved-suppliers">search the approved suppliers</a>.
      </p>
      <p>
        <Link to={agencyPaths.contact()}>Contact the team</Link> if anything in your registration changes.
      </p>
    </Screen>
  );
}
