/** / : the agency start page (what this is, who should fill it in, what you need, how long). */
import { Link, useLocation } from 'react-router';
import { formatDate } from '../../common/dates';
import { Screen } from '../lib/components/screen';
import { getPageData } from '../lib/page-data';
import { HelpLink } from './help-link';
import { agencyPaths } from './paths';
import { StartAgain } from './start-again';
import { hasSavedAnswers, useSubmission } from './submission-store';

/** What "Save and come back later" hands the start page. */
export interface SavedForLaterState {
  savedTo: string;
  expiresAt: string;
}

function isSavedForLater(state: unknown): state is SavedForLaterState {
  return typeof state === 'object' && state !== null && 'savedTo' in state && 'expiresAt' in state;
}

export function StartScreen() {
  const { productName } = getPageData();
  const { submission } = useSubmission();
  const state: unknown = useLocation().state;
  const saved = isSavedForLater(state) ? state : null;
  const hasAnswers = hasSavedAnswers(submission);
  return (
    <Screen title="Register your agency">
      {saved && (
        <div className="agency-notification" role="status">
          <h2>Your answers are saved</h2>
          <p>
            We have emailed a link to <strong>{saved.savedTo}</strong>. Use it to come back to your answers, on this or another device,
            until {formatDate(saved.expiresAt)}.
          </p>
        </div>
      )}
      <p>
        Register your agency to buy from the approved suppliers of the {productName}. Once the team approves your registration, your agency
        can engage suppliers, and suppliers can name your agency in their engagement notices and billing reports.
      </p>
      <h2>Who should fill in this form</h2>
      <p>
        Someone who can act for a government agency: a public service department, Crown entity, council, school or other public
        organisation. Usually a procurement or finance manager. Each agency registers once.
      </p>
      <h2>What you need</h2>
      <ul>
        <li>your agency&apos;s legal name, and its New Zealand Business Number (NZBN) if it has one</li>
        <li>your work email address and phone number</li>
        <li>the names and email addresses of your procurement contact and your finance or invoicing contact</li>
        <li>a rough idea of what your agency plans to buy, and how much it expects to spend each year</li>
      </ul>
      <h2>How long it takes</h2>
      <p>
        About 10 minutes. You can save your answers and come back later: we email you a link. The team reviews each registration and
        emails you its decision, usually within 5 working days.
      </p>
      {hasAnswers ? (
        <div className="form-actions">
          <Link className="button" to={agencyPaths.step(submission.lastStep ?? 1)}>
            Continue your registration
          </Link>
          <StartAgain />
        </div>
      ) : (
        <p>
          <Link className="button" to={agencyPaths.step(1)}>
            Start now
          </Link>
        </p>
      )}
      <HelpLink />
    </Screen>
  );
}
