// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../common/constants';
import { CHUNK_LOAD_ERROR_MESSAGE } from './chunks';
import { lazyComponent } from './lazy-component';
import { indexRedirect, lazyElement, lazyScreen, RoutedAppShell, RouteErrorScreen, routeHandle } from './routing';

const reloading = vi.hoisted(() => ({ reloadPage: vi.fn() }));
vi.mock('./reload-page', () => reloading);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

interface ScreenModule {
  LaterScreen: ComponentType;
}

const laterModule: ScreenModule = { LaterScreen: () => <h1>Later</h1> };

/** The two ways a route table makes a lazy route, each loading the screen module with `load`. */
const lazyRoutes = {
  lazyScreen: (load: () => Promise<ScreenModule>) => lazyScreen(load, (screens) => screens.LaterScreen),
  lazyElement: (load: () => Promise<ScreenModule>) => lazyElement(load, (screens) => <screens.LaterScreen />),
};

/** A routed app as the dashboard's: a first screen, and `/later` whose screen is a lazy route. */
function renderApp(laterRoute: Pick<RouteObject, 'lazy'>) {
  const router = createMemoryRouter(
    [
      {
        element: <RoutedAppShell productName="Marketplace" />,
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, handle: routeHandle('First'), element: <h1>First</h1> },
          { path: 'later', handle: routeHandle('Later'), ...laterRoute },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function expectChunkLoadErrorScreen(): void {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This screen could not be loaded');
  expect(screen.getByRole('alert').textContent).toContain(CHUNK_LOAD_ERROR_MESSAGE);
  screen.getByRole('button', { name: 'Reload the page' }).click();
  expect(reloading.reloadPage).toHaveBeenCalledTimes(1);
}

describe.each(Object.entries(lazyRoutes))('a %s route', (_, lazyRoute) => {
  it('whose chunk never arrives shows the chunk-load error after 120 seconds, and not before (spec §8, §9)', async () => {
    vi.useFakeTimers();
    const router = renderApp(lazyRoute(() => new Promise<never>(() => undefined)));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('First');

    void router.navigate('/later');
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1));
    // Still waiting for the chunk, on the screen the visitor left.
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('First');
    expect(screen.queryByRole('alert')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    // The timer has fired; what is left is React Router ending the navigation.
    vi.useRealTimers();
    await screen.findByRole('heading', { level: 1, name: 'This screen could not be loaded' });
    expect(router.state.navigation.state).toBe('idle');
    expectChunkLoadErrorScreen();
  });

  it('whose chunk fails to load shows the chunk-load error at once', async () => {
    const router = renderApp(lazyRoute(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));
    await act(() => router.navigate('/later'));
    await screen.findByRole('heading', { level: 1, name: 'This screen could not be loaded' });
    expectChunkLoadErrorScreen();
  });

  it('whose chunk arrives in time shows its screen', async () => {
    const router = renderApp(lazyRoute(() => Promise.resolve(laterModule)));
    await act(() => router.navigate('/later'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Later' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

it('shows an error thrown while a screen draws as something that went wrong, with its message', async () => {
  // React reports the error it caught; the screen below is what the visitor sees.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Broken = () => {
    throw new Error('no such thing');
  };
  const router = renderApp(lazyScreen(() => Promise.resolve(laterModule), () => Broken));
  await act(() => router.navigate('/later'));
  await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
  expect(screen.getByRole('alert').textContent).toContain('This screen could not be shown (no such thing).');
});

const root = resolve(import.meta.dirname, '../..');

/** The browser's source files, but tests, relative to the repository's root. */
function appSourceFiles(): string[] {
  return readdirSync(join(root, 'app'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join('app', file));
}

it('sends an app\'s base path on to its first screen before drawing anything, within the base path', async () => {
  /** Every path the layout around the screens was drawn at. */
  const drawnAt: string[] = [];
  function Layout() {
    drawnAt.push(useLocation().pathname);
    return <Outlet />;
  }
  const router = createMemoryRouter(
    [
      {
        element: <RoutedAppShell productName="Marketplace" />,
        errorElement: <RouteErrorScreen />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [{ element: <Layout />, children: [indexRedirect('/later'), { path: 'later', handle: routeHandle('Later'), ...lazyScreen(() => Promise.resolve(laterModule), (screens) => screens.LaterScreen) }] }],
      },
    ],
    { basename: '/app', initialEntries: ['/app'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Later' });
  expect(router.state.location.pathname).toBe('/app/later');
  expect(new Set(drawnAt)).toEqual(new Set(['/later']));
});

it('makes every lazy route of every app with lazyScreen or lazyElement, so each has the chunk-load time limit', () => {
  const files = appSourceFiles();
  // The check reads the route tables it guards.
  expect(files).toEqual(expect.arrayContaining([join('app', 'dashboard', 'routes.tsx'), join('app', 'team', 'routes.tsx')]));
  const ownLazyRoutes = files.filter((file) => file !== join('app', 'lib', 'routing.tsx') && /\blazy\s*:|\.lazy\s*=/.test(readFileSync(join(root, file), 'utf8')));
  expect(ownLazyRoutes, 'files that set a route\'s `lazy` themselves instead of calling lazyScreen or lazyElement').toEqual([]);
});

it('shows a lazily loaded part of a screen whose chunk fails to load as the chunk-load error (spec §8)', async () => {
  // React reports the error it caught; the screen below is what the visitor sees.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Part = lazyComponent<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
  const router = renderApp(
    lazyElement(
      () => Promise.resolve(laterModule),
      () => (
        <Suspense fallback={<p>Loading the part</p>}>
          <Part />
        </Suspense>
      ),
    ),
  );
  await act(() => router.navigate('/later'));
  await screen.findByRole('heading', { level: 1, name: 'This screen could not be loaded' });
  expectChunkLoadErrorScreen();
});

it('makes every lazily loaded component with lazyComponent, so each has the chunk-load time limit', () => {
  const files = appSourceFiles();
  expect(files).toEqual(expect.arrayContaining([join('app', 'dashboard', 'dashboard-layout.tsx'), join('app', 'header', 'user-menu.tsx')]));
  const ownLazyComponents = files.filter((file) => file !== join('app', 'lib', 'lazy-component.ts') && /import \{[^}]*\blazy\b[^}]*\} from 'react'/.test(readFileSync(join(root, file), 'utf8')));
  expect(ownLazyComponents, "files that call React's `lazy` themselves instead of lazyComponent").toEqual([]);
});
