/**
 * The server draws the agency start page (common/agency-start.tsx) into the app's element, with
 * Start now as a plain link to step 1. A visitor without saved answers needs nothing more there, so
 * the app loads only elsewhere in the form, or for saved answers (Continue, Start again).
 */
import { AGENCY_FORM_PATH } from '../../common/agency-form';
import { hasSavedAnswers, readStoredSubmission } from './stored-submission';

export function isAgencyAppNeeded(pathname: string = window.location.pathname, storage?: Storage): boolean {
  // Where storage is turned off, nothing can have been saved: the stored submission reads as empty.
  return pathname !== AGENCY_FORM_PATH || hasSavedAnswers(readStoredSubmission(storage));
}
