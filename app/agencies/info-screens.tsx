/** /contact and /completed: the team's contact details, and the end of the form. */
import { Link } from 'react-router';
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

export function CompletedScreen() {
  return (
    <Screen title="Application completed">
      <div className="panel panel--success">
        <p>Your agency&apos;s registration has been sent to the {getProductTeamName()}.</p>
      </div>
      <h2>What happens next</h2>
      <p>
        The team checks your registration, usually within 5 working days, and emails its decision to the address you gave. Once your agency
        is approved, it can engage the approved suppliers.
      </p>
      <p>
        Meanwhile, you can <a href="/approved-suppliers">search the approved suppliers</a>.
      </p>
      <p>
        <Link to={agencyPaths.contact()}>Contact the team</Link> if anything in your registration changes.
      </p>
    </Screen>
  );
}
