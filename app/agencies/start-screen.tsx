/** / : the agency start page as the app draws it (common/agency-start.tsx), with Continue and Start again once there are saved answers. */
import { Link, useLocation } from 'react-router';
import { agencyPaths } from '../../common/agency-form';
import { AgencyStartScreen } from '../../common/agency-start';
import { formatDate } from '../../common/dates';
import { getPageData } from '../lib/page-data';
import { HelpLink } from './help-link';
import { StartAgain } from './start-again';
import { hasSavedAnswers } from './stored-submission';
import { useSubmission } from './submission-store';

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
    <AgencyStartScreen
      productName={productName}
      notice={
        saved && (
          <div className="agency-notification" role="status">
            <h2>Your answers are saved</h2>
            <p>
              We have emailed a link to <strong>{saved.savedTo}</strong>. Use it to come back to your answers, on this or another device,
              until {formatDate(saved.expiresAt)}.
            </p>
          </div>
        )
      }
      actions={
        hasAnswers ? (
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
        )
      }
      help={<HelpLink />}
    />
  );
}
