/** What every app's React root shares: the page's sign-in state and its one query client. */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from 'react-oidc-context';
import { getUserManager } from './auth';
import { queryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // The callback page completes sign-in itself (app/auth-callback.ts), so the apps never do.
    <AuthProvider userManager={getUserManager()} skipSigninCallback>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AuthProvider>
  );
}

/**
 * react-aria adds a `<style>` element for its pressable elements unless the page already has an
 * element with this id. The pages' CSP (`style-src 'self'`) would refuse it, so the same rule lives
 * in app/styles/base.css and this marker stops the attempt (and the CSP error it would log).
 */
const REACT_ARIA_PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

function markPressableStyleProvided(): void {
  if (document.getElementById(REACT_ARIA_PRESSABLE_STYLE_ID)) {
    return;
  }
  const marker = document.createElement('meta');
  marker.id = REACT_ARIA_PRESSABLE_STYLE_ID;
  marker.name = REACT_ARIA_PRESSABLE_STYLE_ID;
  marker.content = 'provided by the stylesheet';
  document.head.append(marker);
}

/** Renders an app into its mount element, replacing the server's markup there. */
export function renderApp(element: HTMLElement, app: ReactNode): void {
  markPressableStyleProvided();
  createRoot(element).render(
    <StrictMode>
      <AppProviders>{app}</AppProviders>
    </StrictMode>,
  );
}
