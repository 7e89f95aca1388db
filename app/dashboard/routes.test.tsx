// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserResponse } from '../../common/api/user';
import { NOT_ATTACHED_MESSAGE } from '../lib/messages';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser, buildPublicListing, buildSupplier, buildSupplierDetails, buildSupplierDetailsForm } from '../test/factories';
import { applicationQueryKeys, emptyDraft } from '../applications/public';
import { billingReportKind, engagementNoticeKind, reportingQueryKeys, type ReportingDraft } from '../reporting/public';
import { supplierQueryKeys } from '../supplier-details/public';
import { createDashboardRoutes } from './routes';

const auth = vi.hoisted(() => ({ state: { isLoading: false, isAuthenticated: true } }));
vi.mock('../lib/session', () => ({ useSession: () => auth.state }));
const signing = vi.hoisted(() => ({
  signIn: vi.fn(() => Promise.resolve()),
  getAccessToken: vi.fn(() => Promise.resolve(undefined)),
  renewSession: vi.fn(() => Promise.resolve(null)),
}));
vi.mock('../lib/auth', () => signing);
// The API base of the page (only the screens that call the API, with `fetch` stubbed, read it).
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));

const BASENAME = '/dashboard';

/** A notice or report draft on a two-step form, saved at `progress`. */
function reportingDraft(key: string, id: number | undefined, progress: number): ReportingDraft {
  const step = (stepId: string, title: string) => ({ id: stepId, title, schema: { type: 'object', properties: {} }, uiSchema: {} });
  return {
    ...(id === undefined ? {} : { id, lastEdited: '2026-01-01T00:00:00.000Z' }),
    form: { key, version: 1, validators: `forms/${key}/1/validators.js`, steps: [step('first', 'The engagement'), step('second', 'Dates and value')] },
    data: {},
    progress,
    status: 'draft',
  };
}
const admin = buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: true })] });
const member = buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: false })] });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  auth.state = { isLoading: false, isAuthenticated: true };
});

function renderDashboard(path: string, currentUser: CurrentUserResponse = admin) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.currentUser, currentUser);
  const supplierId = currentUser.activeSupplier?.supplierID ?? 0;
  client.setQueryData(supplierQueryKeys.details(supplierId), buildSupplierDetails({ id: supplierId }));
  client.setQueryData(supplierQueryKeys.form, buildSupplierDetailsForm());
  client.setQueryData(supplierQueryKeys.listing(supplierId), buildPublicListing({ profilePath: `/approved-suppliers/${String(supplierId)}` }));
  // An application saved at its first screen (progress 1), so resuming REF-9 goes to company-details.
  client.setQueryData(applicationQueryKeys.draft('REF-9'), { ...emptyDraft(), id: 9, referenceId: 'REF-9', lastEdited: '2026-01-01T00:00:00.000Z' });
  client.setQueryData(applicationQueryKeys.draft('REF-7'), {
    ...emptyDraft(),
    id: 7,
    referenceId: 'REF-7',
    lastEdited: '2026-01-01T00:00:00.000Z',
    progress: 4,
    form: { key: 'application', version: 1, steps: [], validators: 'forms/application/1/validators.js' },
  });
  // A new notice and a new report; notice 1 saved at its second step, report 2 after its last.
  client.setQueryData(reportingQueryKeys.draft(engagementNoticeKind, undefined), reportingDraft('engagement-notice', undefined, 1));
  client.setQueryData(reportingQueryKeys.draft(engagementNoticeKind, 1), reportingDraft('engagement-notice', 1, 2));
  client.setQueryData(reportingQueryKeys.draft(billingReportKind, undefined), reportingDraft('billing-report', undefined, 1));
  client.setQueryData(reportingQueryKeys.draft(billingReportKind, 2), reportingDraft('billing-report', 2, 3));
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), {
    basename: BASENAME,
    initialEntries: [`${BASENAME}${path}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The path the router shows, without the base path. */
function currentPath(router: ReturnType<typeof renderDashboard>): string {
  return router.state.location.pathname.slice(BASENAME.length) || '/';
}

function heading(): string {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

describe('dashboard routes (spec §2)', () => {
  it.each([
    ['/applications', 'Applications'],
    ['/applications/application/7', 'Application details'],
    ['/applications/application/7/data', 'Application data'],
    ['/engagement-notices', 'Engagement notices'],
    ['/engagement-notices/engagement-notice/3', 'Engagement notice'],
    ['/engagement-notices/submit/step/2', 'Dates and value'],
    ['/engagement-notices/submit/1/step/1', 'The engagement'],
    ['/engagement-notices/submit/1/check-answers', 'Check your answers'],
    ['/engagement-notices/submit/not-a-notice/step/1', 'Submit an engagement notice'],
    ['/billing-reports', 'Billing reports'],
    ['/billing-reports/billing-report/4', 'Billing report'],
    ['/billing-reports/submit/step/2', 'Dates and value'],
    ['/users', 'Users'],
    ['/users/two-step-verification', 'Two-step verification at Acme Digital'],
    ['/users/add', 'Add a user'],
    ['/users/edit/5', 'Edit a user'],
    ['/supplier', 'Supplier details'],
    ['/supplier/edit/company-details', 'Edit supplier details'],
    ['/supplier/edit/financial-viability', 'Edit supplier details'],
    ['/supplier/edit/validation', 'Edit supplier details'],
    ['/supplier/edit/public-profile', 'Edit supplier details'],
    ['/applications/apply/company-details', 'Confirm company details'],
    ['/applications/apply/services', 'Apply for services'],
    ['/applications/apply/terms', 'Terms and conditions'],
    ['/applications/apply/onboarding', 'Onboarding'],
    ['/applications/apply/step/2', 'Answer the questions'],
    ['/applications/apply/confirm', 'Check your answers'],
    ['/applications/apply/success', 'Application successfully submitted'],
    ['/applications/apply/contact', 'Contact'],
    ['/applications/apply/REF-9/services', 'Apply for services'],
  ])('%s shows %s', async (path, title) => {
    const router = renderDashboard(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(currentPath(router)).toBe(path);
  });

  it.each([
    ['/', '/applications', 'Applications'],
    ['/engagement-notices/submit', '/engagement-notices/submit/step/1', 'The engagement'],
    ['/engagement-notices/submit/1', '/engagement-notices/submit/1/step/2', 'Dates and value'],
    ['/engagement-notices/submit/1/step/9', '/engagement-notices/submit/1/check-answers', 'Check your answers'],
    ['/billing-reports/submit', '/billing-reports/submit/step/1', 'The engagement'],
    ['/billing-reports/submit/2', '/billing-reports/submit/2/check-answers', 'Check your answers'],
    ['/billing-reports/submit/BR-1', '/billing-reports/submit/BR-1/step/1', 'Submit a billing report'],
    ['/supplier/edit', '/supplier/edit/company-details', 'Edit supplier details'],
    ['/applications/apply', '/applications/apply/company-details', 'Confirm company details'],
    ['/applications/apply/REF-9', '/applications/apply/REF-9/company-details', 'Confirm company details'],
  ])('%s redirects to %s', async (path, target, title) => {
    const router = renderDashboard(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(currentPath(router)).toBe(target);
  });

  it('resumes an application on the screen its progress names', async () => {
    const router = renderDashboard('/applications/apply/REF-7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeTruthy();
    expect(currentPath(router)).toBe('/applications/apply/REF-7/onboarding');
  });

  it('sends an unknown reference to company-details, which says there is no such application', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ applications: [], total: 0, page: 1, pageSize: 25 }), { status: 200 }))));
    try {
      const router = renderDashboard('/applications/apply/MP-0000-0000');
      expect(await screen.findByText('You have no application with the reference MP-0000-0000.')).toBeTruthy();
      expect(currentPath(router)).toBe('/applications/apply/MP-0000-0000/company-details');
      expect(heading()).toBe('Confirm company details');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows each section of the supplier edit screen under its own h2', async () => {
    renderDashboard('/supplier/edit/financial-viability');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Financial viability');
    const sections = screen.getByRole('navigation', { name: 'Supplier details sections' });
    expect(within(sections).getByRole('link', { name: 'Financial viability' }).getAttribute('aria-current')).toBe('page');
  });

  it.each(['/no-such-page', '/applications/unknown/deep', '/users/remove/3'])('%s shows the not-found screen', async (path) => {
    renderDashboard(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('dashboard sign-in guard', () => {
  it('sends a signed-out visitor to sign in, to come back to the wanted URL', async () => {
    auth.state = { isLoading: false, isAuthenticated: false };
    renderDashboard('/billing-reports/billing-report/4?tab=messages');
    await vi.waitFor(() => {
      expect(signing.signIn).toHaveBeenCalledWith('/dashboard/billing-reports/billing-report/4?tab=messages');
    });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('waits while the sign-in state loads', async () => {
    auth.state = { isLoading: true, isAuthenticated: false };
    renderDashboard('/applications');
    // The screen's chunk loads first (lazy routes, a loading line meanwhile), then the guard says what it waits for.
    await vi.waitFor(() => {
      expect(screen.getByRole('status').textContent).toContain('Checking your sign-in');
    });
    expect(signing.signIn).not.toHaveBeenCalled();
  });

  it('shows the not-found screen without sign-in', async () => {
    auth.state = { isLoading: false, isAuthenticated: false };
    renderDashboard('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(signing.signIn).not.toHaveBeenCalled();
  });
});

describe('dashboard layout', () => {
  it("names the active supplier and links to each area, Users only for admins", async () => {
    renderDashboard('/applications');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByText('Acme Digital')).toBeTruthy();
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Applications', '/dashboard/applications'],
      ['Service listings', '/dashboard/listings'],
      ['Engagement notices', '/dashboard/engagement-notices'],
      ['Billing reports', '/dashboard/billing-reports'],
      ['Supplier details', '/dashboard/supplier'],
      ['Messages', '/dashboard/messages'],
      ['Users', '/dashboard/users'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Applications' }).getAttribute('aria-current')).toBe('page');
    cleanup();

    renderDashboard('/applications', member);
    const memberNav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(memberNav).queryByRole('link', { name: 'Users' })).toBeNull();
  });

  it.each(['/users', '/users/add', '/users/edit/5'])('%s tells a non-admin that managing users needs an administrator', async (path) => {
    renderDashboard(path, member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByText('You need to be an administrator of this supplier to manage its users.')).toBeTruthy();
  });

  it('shows the not-attached error when no supplier is active, and what to do next', async () => {
    renderDashboard('/applications', buildCurrentUser({ suppliers: [], activeSupplier: null }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_ATTACHED_MESSAGE);
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 2, name: 'What you can do' })).toBeTruthy();
    // A new business registers online, as everywhere else on the site.
    expect(screen.getByRole('link', { name: 'supplier registration form' }).getAttribute('href')).toBe('/register/start');
    expect(screen.getByRole('link', { name: 'help@marketplace.example' }).getAttribute('href')).toBe('mailto:help@marketplace.example');
    expect(screen.getByRole('link', { name: '04 555 0100' }).getAttribute('href')).toBe('tel:045550100');
  });

  it('says which of the person\'s businesses is suspended, with the team\'s reason, instead of leaving it out silently', async () => {
    renderDashboard(
      '/applications',
      buildCurrentUser({ suppliers: [], activeSupplier: null, suspendedSuppliers: [{ supplierID: 4, tradingName: 'Kauri Cloud', reason: 'Your insurance certificate has expired.' }] }),
    );
    const notice = await screen.findByRole('region', { name: 'A business you belong to is suspended' });
    expect(within(notice).getByText('Kauri Cloud')).toBeTruthy();
    expect(within(notice).getByText('Your insurance certificate has expired.')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'help@marketplace.example' })).toBeTruthy();
  });

  it('keeps saying so above the screens of the person\'s other business', async () => {
    renderDashboard('/applications', buildCurrentUser({ suspendedSuppliers: [{ supplierID: 4, tradingName: 'Kauri Cloud', reason: null }] }));
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    expect(within(screen.getByRole('region', { name: 'A business you belong to is suspended' })).getByText('Kauri Cloud')).toBeTruthy();
  });

  it('points a person of an agency with no supplier to the agency dashboard, above the help, without the not-attached error (issue 31)', async () => {
    renderDashboard('/applications', buildCurrentUser({ suppliers: [], agencies: [buildAgency({ agencyName: 'Ministry of Testing' })] }));
    const link = await screen.findByRole('link', { name: 'Go to your agency dashboard' });
    expect(link.getAttribute('href')).toBe('/agency');
    expect(screen.getByText(/You are a user of Ministry of Testing, an approved agency\./)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const help = await screen.findByRole('heading', { level: 2, name: 'What you can do' });
    expect(link.compareDocumentPosition(help) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("sends a team member with no supplier to the team's app", async () => {
    const teamMember = buildCurrentUser({ suppliers: [], activeSupplier: null });
    renderDashboard('/applications', { ...teamMember, user: { ...teamMember.user, isTeamMember: true } });
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_ATTACHED_MESSAGE);
    expect((await screen.findByRole('link', { name: 'Go to the team console' })).getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('heading', { name: 'What you can do' })).toBeNull();
  });
});

describe('route changes', () => {
  it('announce the new screen, title the document and move focus to its h1', async () => {
    const router = renderDashboard('/applications');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    const announcer = document.querySelector('[aria-live="polite"]');
    expect(announcer?.textContent).toBe('');

    await act(() => router.navigate('/billing-reports/billing-report/4'));
    const title = await screen.findByRole('heading', { level: 1, name: 'Billing report' });
    expect(announcer?.textContent).toBe('Billing report');
    expect(document.title).toBe('Billing report — Marketplace');
    expect(document.activeElement).toBe(title);
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('leave the first screen alone, even after a redirect', async () => {
    renderDashboard('/');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('');
    expect(document.activeElement).toBe(document.body);
  });

  it('focus the final screen when a navigation redirects', async () => {
    const router = renderDashboard('/applications');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await act(() => router.navigate('/applications/apply'));
    const title = await screen.findByRole('heading', { level: 1, name: 'Confirm company details' });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(title);
    });
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Confirm company details');
  });

  it('announce a dynamic label for form steps', async () => {
    const router = renderDashboard('/engagement-notices');
    await screen.findByRole('heading', { level: 1, name: 'Engagement notices' });
    await act(() => router.navigate('/engagement-notices/submit/step/2'));
    await screen.findByRole('heading', { level: 1, name: 'Dates and value' });
    // The step's topic, once the form is known, is announced and titles the document.
    await vi.waitFor(() => {
      expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Dates and value');
    });
    expect(document.title).toBe('Dates and value — Marketplace');
  });

  it("leave focus on a list's filter when it changes the address, so the keyboard can go on choosing", async () => {
    const router = renderDashboard('/applications');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await act(() => router.navigate('/engagement-notices'));
    const title = await screen.findByRole('heading', { level: 1, name: 'Engagement notices' });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(title);
    });
    const filter = screen.getByRole('combobox', { name: 'Show notices with status' });
    filter.focus();
    fireEvent.change(filter, { target: { value: 'draft' } });
    await vi.waitFor(() => {
      expect(router.state.location.search).toBe('?status=draft');
    });
    expect(document.activeElement).toBe(filter);
  });
});

it('every screen has exactly one h1', async () => {
  renderDashboard('/supplier/edit/validation');
  await screen.findByRole('heading', { level: 2, name: 'Validation' });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(heading()).toBe('Edit supplier details');
});

describe('a supplier that requires two-step verification (issue 29)', () => {
  const requiring = buildSupplier({ supplierID: 1, tradingName: 'Acme Digital', isAdmin: true, requiresSecondFactor: true });
  const other = buildSupplier({ supplierID: 2, tradingName: 'Kiwi Consulting', isAdmin: false });

  it('shows a sign-in without it how to set it up instead of any screen, naming the way to the other suppliers', async () => {
    renderDashboard('/applications', { ...buildCurrentUser({ suppliers: [requiring, other] }), signedInWithSecondFactor: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Use two-step verification to open Acme Digital’s dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up two-step verification' }).getAttribute('href')).toBe('/user/two-step-verification');
    expect(screen.getByText(/choose one under ‘Switch accounts’/)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('opens the dashboard to a sign-in with it', async () => {
    renderDashboard('/applications', buildCurrentUser({ suppliers: [requiring] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeTruthy();
  });

  it('offers an admin signed in with a password alone the way to set it up before asking it of everyone', async () => {
    const unrequired = buildSupplier({ tradingName: 'Acme Digital', isAdmin: true });
    renderDashboard('/users/two-step-verification', { ...buildCurrentUser({ suppliers: [unrequired] }), signedInWithSecondFactor: false });
    await screen.findByRole('heading', { level: 1, name: 'Two-step verification at Acme Digital' });
    expect(screen.getByText('Before you ask everyone to use two-step verification, set it up for yourself and sign in again with it.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
