/**
 * The sign-in callback page (AUTH_CALLBACK_PATH): completes the redirect sign-in, then goes back to
 * the page the user signed in from; a team member who signed in from the home page or the
 * dashboard's root lands on the team's app. Plain DOM: the page needs no React.
 */
import { CurrentUserResponseSchema } from '../common/api/user';
import { DASHBOARD_PATH, HOME_PATH, TEAM_APP_PATH } from '../common/site-paths';
import { apiFetch } from './lib/api';
import { completeSignIn } from './lib/auth';

/** Whether a page is a general starting point (the home page, the dashboard's root), not a deep link a person wants back. */
export function isGeneralPage(returnPath: string): boolean {
  const path = returnPath.split(/[?#]/)[0] ?? returnPath;
  return path === HOME_PATH || path === DASHBOARD_PATH || path === `${DASHBOARD_PATH}/`;
}

/** Whether the person who just signed in is on the marketplace team; false when that cannot be told (they land where they were). */
async function isTeamMember(): Promise<boolean> {
  try {
    return (await apiFetch('user', CurrentUserResponseSchema)).user.isTeamMember;
  } catch {
    return false;
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
    window.location.replace(isGeneralPage(returnPath) && (await isTeamMember()) ? TEAM_APP_PATH : returnPath);
  } catch (error) {
    console.error(error);
    if (container) {
      showSignInError(container, error);
    }
  }
}
