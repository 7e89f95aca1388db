/**
 * The sign-in callback page (AUTH_CALLBACK_PATH): completes the redirect sign-in, then goes back to
 * the page the user signed in from. Plain DOM: the page needs no React.
 */
import { completeSignIn } from './lib/auth';

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
    window.location.replace(returnPath);
  } catch (error) {
    console.error(error);
    if (container) {
      showSignInError(container, error);
    }
  }
}
