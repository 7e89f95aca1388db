/** What the React root of every app for signed-in use shares: the page's sign-in state and its one query client. */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { renderRoot } from './render-root';
import { SessionProvider } from './session';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // The callback page completes sign-in itself (app/auth-callback.ts), so the apps never do.
    <SessionProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SessionProvider>
  );
}

/** Renders an app into its mount element, replacing the server's markup there. */
export function renderApp(element: HTMLElement, app: ReactNode): void {
  renderRoot(element, <AppProviders>{app}</AppProviders>);
}
