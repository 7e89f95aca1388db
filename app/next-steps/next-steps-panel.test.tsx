// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationListResponse } from '../../common/api/applications';
import type { NextStepsResponse } from '../../common/api/next-steps';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { createDashboardRoutes } from '../dashboard/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const user = buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: true })] });
const noApplications: ApplicationListResponse = { applications: [], total: 0, page: 1, pageSize: 25 };
const nothing: NextStepsResponse = { reportsDue: [], reportsDueTotal: 0, applications: [], messages: { unreadMessages: 0, unreadThreads: 0 } };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderFirstScreen(nextSteps: NextStepsResponse | Error) {
  api.apiFetch.mockImplementation((path: string) => {
    if (path === 'next-steps') {
      return nextSteps instanceof Error ? Promise.reject(nextSteps) : Promise.resolve(nextSteps);
    }
    if (path === 'messages/unread-count') {
      return Promise.resolve(nextSteps instanceof Error ? nothing.messages : nextSteps.messages);
    }
    return Promise.resolve(noApplications);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, user);
  // The dashboard's root: spec §2 sends it to the applications, the first screen.
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), { basename: '/dashboard', initialEntries: ['/dashboard'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('what needs doing, on the dashboard’s first screen', () => {
  it('links each report due to its prefilled submission, each application to where it continues, and the unread messages to the list', async () => {
    renderFirstScreen({
      reportsDue: [
        { billingPeriod: '2026-09', engagementNotice: { id: 4, title: 'Website rebuild', reference: 'PO-1', agencyName: 'Ministry of Works' } },
        { billingPeriod: '2026-10', engagementNotice: { id: 4, title: 'Website rebuild', reference: 'PO-1', agencyName: 'Ministry of Works' } },
      ],
      reportsDueTotal: 14,
      applications: [
        { id: 7, referenceId: 'MP-AAAA-BBBB', status: 'incomplete', services: [{ id: 1, title: 'Service design' }] },
        { id: 8, referenceId: 'MP-CCCC-DDDD', status: 'granted', services: [{ id: 2, title: 'User research' }] },
      ],
      messages: { unreadMessages: 3, unreadThreads: 2 },
    });
    const panel = await screen.findByRole('region', { name: 'What needs doing' });
    const september = await within(panel).findByRole('link', { name: 'Submit a billing report for September 2026: Website rebuild' });
    expect(september.getAttribute('href')).toBe('/dashboard/billing-reports/submit?engagementNotice=4&period=2026-09');
    expect(within(panel).getByText(/The 2 oldest of 14 billing reports due are listed/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Finish and submit your application' }).getAttribute('href')).toBe('/dashboard/applications/apply/MP-AAAA-BBBB');
    expect(within(panel).getByRole('link', { name: 'Write and send your service listings' }).getAttribute('href')).toBe('/dashboard/listings');
    expect(within(panel).getByRole('link', { name: '3 unread messages from the marketplace team in 2 conversations' }).getAttribute('href')).toBe('/dashboard/messages');
    // The panel comes before the applications list, under the screen's h1.
    const headings = screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`);
    expect(headings.slice(0, 3)).toEqual(['H1 Applications', 'H2 What needs doing', 'H3 Billing reports due']);
  });

  it('says plainly when nothing needs doing', async () => {
    renderFirstScreen(nothing);
    const panel = await screen.findByRole('region', { name: 'What needs doing' });
    expect(await within(panel).findByText('Nothing needs doing right now.')).toBeTruthy();
    expect(within(panel).queryAllByRole('link')).toEqual([]);
  });

  it('says when it could not check, with a way to try again', async () => {
    renderFirstScreen(new Error('offline'));
    const panel = await screen.findByRole('region', { name: 'What needs doing' });
    expect((await within(panel).findByRole('alert')).textContent).toContain('We could not check what needs doing.');
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
