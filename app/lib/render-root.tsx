/** Mounting a React root: what every app's root does, with or without sign-in (app-root.tsx). */
import { StrictMode, startTransition, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

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

/**
 * Renders `app` into its mount element, replacing the server's markup there. As a transition,
 * React draws the first screen in slices of a few milliseconds and lets the browser answer the
 * visitor between them, instead of in one task that blocks the page (on a slow phone, hundreds of
 * milliseconds for a list of results). `atOnce` draws it before returning instead: an app taking
 * over a form the server drew must have drawn its own before it does again there what the visitor
 * did (app/lib/take-over.ts).
 */
export function renderRoot(element: HTMLElement, app: ReactNode, { atOnce = false }: { atOnce?: boolean } = {}): void {
  markPressableStyleProvided();
  const root = createRoot(element);
  const render = () => {
    root.render(<StrictMode>{app}</StrictMode>);
  };
  if (atOnce) {
    flushSync(render);
  } else {
    startTransition(render);
  }
}

/**
 * Renders an app of a public page (the directory, the registration and agency forms): the page's
 * query client, and no sign-in state, so a visitor who searches or registers never fetches the
 * identity client.
 */
export function renderPublicApp(element: HTMLElement, app: ReactNode, options?: { atOnce?: boolean }): void {
  renderRoot(element, <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>, options);
}
