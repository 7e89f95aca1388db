/**
 * What the routed apps (dashboard, user) share: each route's announced label in its `handle`, the
 * shell that announces route changes, titles the document and moves focus to the new screen's h1,
 * lazily loaded screens, what shows while the first one loads, and the screen shown when rendering
 * a route throws or its chunk does not load (the sign-in guard is require-sign-in.tsx).
 */
import { createContext, useContext, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import {
  NavigationType,
  Outlet,
  redirect,
  useLocation,
  useMatches,
  useNavigationType,
  useRouteError,
  type Params,
  type RouteObject,
  type UIMatch,
} from 'react-router';
import { CHUNK_LOAD_ERROR_MESSAGE, ChunkLoadError, loadChunk } from './chunks';
import { ErrorState } from './components/error-state';
import { LoadingState } from './components/loading-state';
import { RouteAnnouncer } from './components/route-announcer';
import { reloadPage } from './reload-page';

/** A route's `handle`: the label announced (and used as the document title) when it is shown. */
export interface RouteHandle {
  label: string | ((params: Params) => string);
}

/**
 * A route whose screen is in its own chunk, fetched when the route is first matched. React Router
 * loads it before it ends the navigation, so the announcement and the move of focus to the h1 find
 * the new screen, and no half-drawn screen shows meanwhile. The chunk loads through loadChunk: one
 * that fails, or has not arrived after CHUNK_LOAD_TIMEOUT_MS, ends the navigation on the
 * chunk-load error screen (spec §8) instead of leaving it waiting. Every lazy route is made here or
 * by lazyElement (routing.test.tsx checks the route tables).
 */
export function lazyScreen<Module>(load: () => Promise<Module>, screen: (module: Module) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: screen(await loadChunk(load)) }) };
}

/** The same for a screen drawn with props: `element` builds it from the loaded module. */
export function lazyElement<Module>(load: () => Promise<Module>, element: (module: Module) => ReactElement): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: element(await loadChunk(load)) }) };
}

/**
 * An app's index route that sends its base path on to its first screen, `to` (relative to the base).
 * React Router follows it before it draws anything, so a person arriving at the base path (where
 * sign-in returns) waits for one screen's chunk and sees one render, instead of the layout drawn
 * around a redirect that then loads the screen (issue 33).
 */
export function indexRedirect(to: string): RouteObject {
  return { index: true, loader: () => redirect(to) };
}

/** The `handle` of a route announced as `label`. */
export function routeHandle(label: RouteHandle['label']): RouteHandle {
  return { label };
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'label' in handle;
}

/** The label of the deepest matched route that has one. */
function findRouteLabel(matches: readonly UIMatch[]): string | undefined {
  for (const match of [...matches].reverse()) {
    if (isRouteHandle(match.handle)) {
      const { label } = match.handle;
      return typeof label === 'function' ? label(match.params) : label;
    }
  }
  return undefined;
}

function focusScreenHeading(container: HTMLElement | null): void {
  const heading = container?.querySelector('h1');
  if (!heading) {
    return;
  }
  // Focusable by script only, so it does not join the tab order.
  if (!heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
  }
  heading.focus();
}

interface ScreenTitle {
  pathname: string;
  title: string;
}

const ScreenTitleContext = createContext<((update: (current: ScreenTitle | null) => ScreenTitle | null) => void) | null>(null);

/**
 * Titles the document (and the route's announcement) with what the screen's h1 says, for a screen
 * whose h1 comes from its data (a form step's topic); the route's label stands until then.
 */
export function useScreenTitle(title: string | undefined): void {
  const setScreenTitle = useContext(ScreenTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (title === undefined || !setScreenTitle) {
      return undefined;
    }
    const own = { pathname, title };
    setScreenTitle(() => own);
    return () => setScreenTitle((current) => (current === own ? null : current));
  }, [title, pathname, setScreenTitle]);
}

/** The navigation state of a change made from a control that should keep focus (RoutedAppShell leaves it be). */
export const KEEP_FOCUS_STATE = { keepFocus: true } as const;

function isKeepFocusState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepFocus?: unknown }).keepFocus === true;
}

/**
 * Root element of a routed app. The first screen, redirects included, is left alone: the page load
 * itself is announced. From the visitor's first navigation on, each screen is announced and focused.
 */
export function RoutedAppShell({
  productName,
  documentTitle = (label) => (label === undefined ? undefined : `${label} — ${productName}`),
}: {
  productName: string;
  /** The document's title for a screen's label (default '{label} — {product}'); undefined leaves it be. */
  documentTitle?: (label: string | undefined) => string | undefined;
}) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [screenTitle, setScreenTitle] = useState<ScreenTitle | null>(null);
  const routeLabel = findRouteLabel(useMatches());
  const label = screenTitle?.pathname === location.pathname ? screenTitle.title : routeLabel;
  const [initialLocationKey, setInitialLocationKey] = useState(location.key);
  const [hasNavigated, setHasNavigated] = useState(false);
  if (!hasNavigated && location.key !== initialLocationKey) {
    if (navigationType === NavigationType.Replace) {
      setInitialLocationKey(location.key);
    } else {
      setHasNavigated(true);
    }
  }
  const containerRef = useRef<HTMLDivElement>(null);

  const title = documentTitle(label);
  useEffect(() => {
    if (title !== undefined) {
      document.title = title;
    }
  }, [title]);

  // A list's own control (a filter select) keeps focus where the person is: they may choose again.
  const keepsFocus = isKeepFocusState(location.state);
  useEffect(() => {
    if (hasNavigated && !keepsFocus) {
      focusScreenHeading(containerRef.current);
    }
  }, [hasNavigated, keepsFocus, location.key]);

  return (
    <div ref={containerRef} className="routed-app container">
      <RouteAnnouncer message={hasNavigated ? (label ?? '') : ''} />
      <ScreenTitleContext value={setScreenTitle}>
        <Outlet />
      </ScreenTitleContext>
    </div>
  );
}

/**
 * The root route's `hydrateFallbackElement`: what a routed app shows while the chunk of its first
 * screen loads, a quiet loading line where the screen will be, instead of a blank page (and React
 * Router's warning that there is nothing to show).
 */
export function RoutedAppLoading() {
  return (
    <div className="routed-app container">
      <LoadingState />
    </div>
  );
}

/**
 * Shown in place of a route whose screen failed to render, or whose chunk did not load (the same
 * words as an app that did not load). React Router keeps a lazy route's failure, so the way on is
 * reloading the page.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (error instanceof ChunkLoadError) {
    return (
      <div className="screen">
        <h1>This screen could not be loaded</h1>
        <ErrorState message={CHUNK_LOAD_ERROR_MESSAGE} onRetry={reloadPage} retryLabel="Reload the page" />
      </div>
    );
  }
  const detail = error instanceof Error ? ` (${error.message})` : '';
  return (
    <div className="screen">
      <h1>Something went wrong</h1>
      <ErrorState
        message={`This screen could not be shown${detail}. Reloading the page usually helps.`}
        onRetry={reloadPage}
        retryLabel="Reload the page"
      />
    </div>
  );
}
