// @vitest-environment jsdom
// A file of its own: React Router warns once per module graph, so the first load it checks must be
// the first this file's graph draws.
import '../test/jsdom-polyfills';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { createDashboardRoutes } from './routes';

// The sign-in state is still being read: the guard shows its own loading line once the screen's chunk is in.
vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: true, isAuthenticated: false }) }));

it("shows a loading line while the first screen's chunk loads, not a blank page, and React Router warns of nothing (issue 27)", async () => {
  const warn = vi.spyOn(console, 'warn');
  // Billing reports: a lazily loaded screen.
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), {
    basename: '/dashboard',
    initialEntries: ['/dashboard/billing-reports'],
  });
  render(<RouterProvider router={router} />);

  expect(screen.getByRole('status').textContent).toBe('Loading…');
  await screen.findByText('Checking your sign-in…');
  expect(warn.mock.calls.flat().map(String).filter((message) => message.includes('HydrateFallback'))).toEqual([]);
});
