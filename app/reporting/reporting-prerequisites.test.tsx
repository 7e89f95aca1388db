// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinitionResponse } from '../../common/api/forms';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { createDashboardRoutes } from '../dashboard/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' }, reviewTargetDays: 10 }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

function formOf(key: string): FormDefinitionResponse {
  return {
    key,
    version: 1,
    steps: [{ id: 'engagement', title: 'The engagement', schema: { type: 'object', properties: {} }, uiSchema: {} }],
    validators: `forms/${key}/1/validators.js`,
  };
}

/** The API with these source lists; any other call is a mistake of the screen. */
function answer(lists: Record<string, unknown[]>) {
  api.apiFetch.mockImplementation((path: string) => {
    if (path === 'engagement-notice/form' || path === 'billing-report/form') {
      return Promise.resolve(formOf(path.split('/')[0] ?? ''));
    }
    const list = lists[path];
    return list ? Promise.resolve(list) : Promise.reject(new Error(`unexpected call ${path}`));
  });
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: true })] }));
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), { basename: '/dashboard', initialEntries: [`/dashboard${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const SERVICE = { id: 11, title: 'Web development', label: 'Web development - (catalogue: Digital)' };
const AGENCY = { id: 3, name: 'Ministry of Regional Development' };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('before a new engagement notice', () => {
  it('says a service must be approved first, and links to the applications', async () => {
    answer({ 'service?approved=true': [], 'engagement-notice/agency': [AGENCY] });
    renderAt('/engagement-notices/submit/step/1');
    expect(await screen.findByText('You can submit an engagement notice once your business is approved for a service.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply to a catalogue, or continue your application' }).getAttribute('href')).toBe('/dashboard/applications');
    expect(screen.getByRole('link', { name: 'Back to your engagement notices' }).getAttribute('href')).toBe('/dashboard/engagement-notices');
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
  });

  it('says the agency must register first, with the agency form', async () => {
    answer({ 'service?approved=true': [SERVICE], 'engagement-notice/agency': [] });
    renderAt('/engagement-notices/submit/step/1');
    expect(await screen.findByText(/once the agency that engaged you has registered with the marketplace/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'agency registration form' }).getAttribute('href')).toBe('/agency-form');
  });
});

describe('before a new billing report', () => {
  it('says a notice must be submitted first, with the ways to do it', async () => {
    answer({ 'billing-report/engagement-notices': [] });
    renderAt('/billing-reports/submit/step/1');
    expect(await screen.findByText('You can submit a billing report once you have submitted an engagement notice.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Submit an engagement notice' }).getAttribute('href')).toBe('/dashboard/engagement-notices/submit');
    expect(screen.getByRole('link', { name: 'Continue a draft engagement notice' }).getAttribute('href')).toBe('/dashboard/engagement-notices?status=draft');
    expect(screen.getByRole('link', { name: 'Back to your billing reports' }).getAttribute('href')).toBe('/dashboard/billing-reports');
  });
});
