/**
 * The sign-in callback page (AUTH_CALLBACK_PATH): completes the redirect sign-in, then goes back to
 * the page the user signed in from; a team member who signed in from the home page or the
 * dashboard's root lands on the team's app, and a person acting for an agency on the agency
 * dashboard (issue 31). Plain DOM: the page needs no React.
 */
import { CurrentUserResponseSchema, type CurrentUserResponse } from '../common/api/user';
import { AGENCY_DASHBOARD_PATH, DASHBOARD_PATH, HOME_PATH, TEAM_APP_PATH } from '../common/site-paths';
import { apiFetch } from './lib/api';
import { completeSignIn } from './lib/auth';

/** Whether a page is a general starting point (the home page, the dashboard's root), not a deep link a person wants back. */
export function isGeneralPage(returnPath: string): boolean {
  const path = returnPath.split(/[?#]/)[0] ?? returnPath;
  return path === HOME_PATH || path === DASHBOARD_PATH || path === `${DASHBOARD_PATH}/`;
}

/**
 * Where a person who signed in from a general page lands: a team member on the team's app, a person
 * acting for an agency on its dashboard, anyone else (or anyone not known) where they were.
 */
export function landingPathFromGeneralPage(returnPath: string, currentUser: CurrentUserResponse | null): string {
  if (currentUser?.user.isTeamMember) {
    return TEAM_APP_PATH;
  }
  if (currentUser?.activeAgency) {
    return AGENCY_DASHBOARD_PATH;
  }
  return returnPath;
}

/** The person who just signed in; null when that cannot be told (they land where they were). */
async function fetchSignedInUser(): Promise<CurrentUserResponse | null> {
  try {
    return await apiFetch('user', CurrentUserResponseSchema);
  } catch {
    return null;
  }
}

function showSignInError(container: HTMLElement, error: unknown): void {
  const heading = document.createElement('h1');
  heading.textContent = 'We could not sign you in';
  const message = document.createElement('p');
  message.textContent =
    'Signing in did not complete. This can happen when the sign-in page was open for a long time or was opened in another tab.';
  const detail = document.createElement('p');
  detail.className = 'hint';
  detail.textContent = error instanceof Error ? `Details: ${error.message}` : '';
  const retry = document.createElement('p');
  const link = document.createElement('a');
  link.className = 'button';
  // The dashboard sends a signed-out visitor straight to sign in again.
  link.href = '/dashboard';
  link.textContent = 'Try signing in again';
  retry.append(link);
  container.replaceChildren(heading, message, ...(detail.textContent === '' ? [] : [detail]), retry);
  heading.tabIndex = -1;
  heading.focus();
}

export async function handleSignInCallback(container: HTMLElement | null): Promise<void> {
  try {
    const returnPath = await completeSignIn();
    // A deep link is kept for everyone: only a general page is worth the question.
    window.location.replace(isGeneralPage(returnPath) ? landingPathFromGeneralPage(returnPath, await fetchSignedInUser()) : returnPath);
  } catch (error) {
    console.error(error);
    if (container) {
      showSignInError(container, error);
    }
  }
}
