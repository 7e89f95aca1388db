// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agencyDocumentTitle } from '../../common/agency-form';
import type { AgencyApplicationResponse } from '../../common/api/agencies';
import { SECURITY_TOKEN_HEADER } from '../../common/public-form';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { createAgencyRoutes } from './routes';
import { AGENCY_STORAGE_KEY, readStoredSubmission } from './stored-submission';

const api = vi.hoisted(() => ({ apiFetch: vi.fn<(path: string, options?: unknown) => Promise<unknown>>() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' }, reviewTargetDays: 10 }),
}));

const RESUME_ID = 'r'.repeat(43);

function saved(overrides: Partial<AgencyApplicationResponse> = {}): AgencyApplicationResponse {
  return { id: RESUME_ID, status: 'Incomplete', lastStep: 3, answers: { agency_name: 'Ministry of Tides' }, expiresAt: '2026-12-24T00:00:00.000Z', reference: null, ...overrides };
}

function renderAgencyApp(path: string) {
  const router = createMemoryRouter(createAgencyRoutes({ productName: 'Marketplace' }), { basename: '/agency-form', initialEntries: [`/agency-form${path}`] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  document.body.dataset.securityToken = 'token-of-the-page';
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  delete document.body.dataset.securityToken;
});

describe('agency form app routes (spec §2 "Agency form")', () => {
  it('/ is the start page titled {product} — Agency Registration, with Start now', async () => {
    renderAgencyApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register your agency' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start now' }).getAttribute('href')).toBe('/agency-form/step/1');
    await waitFor(() => expect(document.title).toBe('Marketplace — Agency Registration'));
  });

  it('titles other screens with their label before the page title', () => {
    expect(agencyDocumentTitle('Marketplace', 'Contact')).toBe('Contact — Marketplace — Agency Registration');
    expect(agencyDocumentTitle('Kete', undefined)).toBe('Kete — Agency Registration');
  });

  it('/contact shows the team\'s contact details', async () => {
    renderAgencyApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@marketplace.example' }).getAttribute('href')).toBe('mailto:help@marketplace.example');
  });

  it('/completed is Application completed; an unknown path is not found', async () => {
    renderAgencyApp('/completed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application completed' })).toBeTruthy();
    cleanup();
    renderAgencyApp('/step/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('/resume/{id} loads the saved application with the page\'s security token, keeps it, and goes to its last step', async () => {
    api.apiFetch.mockImplementation((path) => Promise.resolve(path === 'agency-form' ? Promise.reject(new Error('not in this test')) : saved()));
    const router = renderAgencyApp(`/resume/${RESUME_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency-form/step/3'));
    expect(api.apiFetch).toHaveBeenCalledWith(`agency-form/application/${RESUME_ID}`, { headers: { [SECURITY_TOKEN_HEADER]: 'token-of-the-page' } });
    expect(readStoredSubmission()).toEqual({ id: RESUME_ID, status: 'Incomplete', lastStep: 3, answers: { agency_name: 'Ministry of Tides' } });
  });

  it('/resume/{id} of a submitted application goes to completed and clears the browser\'s copy', async () => {
    window.localStorage.setItem(AGENCY_STORAGE_KEY, JSON.stringify({ id: RESUME_ID, answers: { agency_name: 'Old' } }));
    api.apiFetch.mockResolvedValue(saved({ status: 'Complete', answers: {}, reference: 'AGY-000042' }));
    const router = renderAgencyApp(`/resume/${RESUME_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Application completed' })).toBeTruthy();
    // Its reference, and the team's aim in working days as configured.
    expect(screen.getByText('AGY-000042')).toBeTruthy();
    expect(screen.getByText(/aims to check it within 10 working days/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency-form/completed');
    expect(window.localStorage.getItem(AGENCY_STORAGE_KEY)).toBeNull();
  });

  it('/resume/{id} without a last step goes to step one', async () => {
    api.apiFetch.mockImplementation((path) => (path === 'agency-form' ? new Promise(() => undefined) : Promise.resolve(saved({ lastStep: null }))));
    const router = renderAgencyApp(`/resume/${RESUME_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency-form/step/1'));
  });

  it.each([
    [404, 'We could not find your saved answers'],
    [410, 'This link has expired'],
  ])('/resume/{id} answered %i explains itself and offers to start again', async (status, title) => {
    api.apiFetch.mockRejectedValue(new ApiError(status, { error: 'x', message: 'x' }));
    renderAgencyApp(`/resume/${RESUME_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
  });
});

describe('the submission in local storage', () => {
  it('reads as empty when nothing or something unreadable is stored', () => {
    expect(readStoredSubmission()).toEqual({ answers: {} });
    window.localStorage.setItem(AGENCY_STORAGE_KEY, '{not json');
    expect(readStoredSubmission()).toEqual({ answers: {} });
    window.localStorage.setItem(AGENCY_STORAGE_KEY, JSON.stringify({ answers: 'no' }));
    expect(readStoredSubmission()).toEqual({ answers: {} });
  });
});
