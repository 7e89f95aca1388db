// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamAgency } from '../../common/api/agencies';
import type { DirectoryTree } from '../../common/api/directory';
import type { FormDefinitionResponse } from '../../common/api/forms';
import type { TeamRegistration, TeamRegistrationListResponse } from '../../common/api/registration';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser } from '../test/factories';
import { createTeamRoutes } from '../team/routes';
import { registrationQueueQuery } from './registration-queue-screen';
import { dispositionFileName } from './stored-file-download';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(() => Promise.resolve(undefined)), renewSession: vi.fn() }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' }, reviewTargetDays: 10 }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const teamUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const teamMember: CurrentUserResponse = { ...teamUser, user: { ...teamUser.user, name: 'Sam Staff', isTeamMember: true } };

const waiting: TeamRegistration = {
  id: 4,
  referenceId: 'REG-AB12-CD34',
  status: 'pending',
  tradingName: 'Kauri Cloud',
  nzbn: '9429052549314',
  abn: null,
  acn: null,
  registrantName: 'Aroha Ngata',
  registrantEmail: 'aroha@kauri.example',
  submittedAt: new Date(Date.now() - 6 * 24 * 60 * 60 * 1000 - 60_000).toISOString(),
  form: { key: 'supplier-registration', version: 1 },
  answers: { trading_name: 'Kauri Cloud', business_country: 'New Zealand', channel: 1, initial_catalogue: 10, services: [100], financial_statement: 'f7b6c1e2-1111-4222-8333-944455556666' },
  supplierId: null,
  declineReasons: null,
  decidedAt: null,
  decidedBy: null,
};

const form: FormDefinitionResponse = {
  key: 'supplier-registration',
  version: 1,
  validators: 'forms/supplier-registration/1/validators.js',
  steps: [
    {
      id: 'business',
      title: 'Your business',
      schema: { type: 'object', properties: { business_country: { type: 'string', title: 'Where is your business registered?' }, trading_name: { type: 'string', title: 'Trading name' } } },
      uiSchema: {},
    },
    {
      id: 'company',
      title: 'About your company',
      schema: {
        type: 'object',
        properties: {
          channel: { type: 'integer', title: 'Sales channel' },
          initial_catalogue: { type: 'integer', title: 'Catalogue' },
          services: { type: 'array', title: 'Services', items: { type: 'integer' } },
        },
      },
      uiSchema: { channel: { 'ui:widget': 'channel' } },
    },
  ],
};

const channels: DirectoryTree = [{ id: 1, title: 'Digital and ICT', catalogues: [{ id: 10, title: 'Cloud services', services: [{ id: 100, title: 'Cloud hosting' }] }] }];

const queue: TeamRegistrationListResponse = {
  registrations: [{ ...waiting, abn: '51824753556', acn: '004085616', nzbn: null }],
  total: 1,
  page: 1,
  pageSize: 25,
  nextCursor: null,
  previousCursor: null,
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, teamMember);
  const router = createMemoryRouter(createTeamRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The API as the screens meet it; `decide` answers the approve and decline calls. */
function answerApi(registration: () => TeamRegistration, decide: (path: string, body: unknown) => Promise<unknown> = () => Promise.reject(new Error('no decision expected'))) {
  api.apiFetch.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    if (path.startsWith('admin/registrations?')) {
      return Promise.resolve(queue);
    }
    if (path === 'admin/registrations/4' && options?.method === undefined) {
      return Promise.resolve(registration());
    }
    if (path.startsWith('admin/registrations/4/')) {
      return decide(path, options?.body);
    }
    if (path === 'admin/forms/supplier-registration/1') {
      return Promise.resolve(form);
    }
    if (path === 'channel') {
      return Promise.resolve(channels);
    }
    if (path === 'admin/registrations/9' || path === 'admin/agencies/9') {
      return Promise.reject(new ApiError(404, { error: 'not found', message: 'No registration with that id.' }));
    }
    return Promise.reject(new Error(`unexpected call ${path}`));
  });
}

describe('the registrations queue\'s URL', () => {
  it('reads the waiting ones on page 1 unless it says otherwise, ignoring what it cannot use', () => {
    expect(registrationQueueQuery(new URLSearchParams(''))).toEqual({ status: 'pending', page: 1 });
    expect(registrationQueueQuery(new URLSearchParams('status=declined&page=3'))).toEqual({ status: 'declined', page: 3 });
    expect(registrationQueueQuery(new URLSearchParams('status=nonsense&page=-1'))).toEqual({ status: 'pending', page: 1 });
    expect(registrationQueueQuery(new URLSearchParams('status=approved&page=4&after=812'))).toEqual({ status: 'approved', page: 4, after: 812 });
    expect(registrationQueueQuery(new URLSearchParams('page=3&before=31'))).toEqual({ status: 'pending', page: 3, before: 31 });
    // Both directions at once, or a cursor that is no id, is the page number alone.
    expect(registrationQueueQuery(new URLSearchParams('page=2&after=40&before=31'))).toEqual({ status: 'pending', page: 2 });
    expect(registrationQueueQuery(new URLSearchParams('page=2&after=0'))).toEqual({ status: 'pending', page: 2 });
  });
});

describe('the supplier registrations queue', () => {
  it('lists each registration with its business numbers as people read them, its registrant and how long it has waited', async () => {
    answerApi(() => waiting);
    renderAt('/registrations');
    const row = (await screen.findByRole('link', { name: 'Kauri Cloud' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('ABN 51 824 753 556')).toBeTruthy();
    expect(within(row).getByText('ACN 004 085 616')).toBeTruthy();
    expect(within(row).getByText('aroha@kauri.example')).toBeTruthy();
    expect(within(row).getByText('6 days')).toBeTruthy();
    expect(screen.getByText('1 registration waiting for a decision, oldest first')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/registrations?status=pending&page=1', expect.anything());
  });

  it('keeps the list in view, marked as updating, while a changed filter loads', async () => {
    let answerDeclined: (value: TeamRegistrationListResponse) => void = () => undefined;
    api.apiFetch.mockImplementation((path: string) =>
      path.includes('status=declined') ? new Promise((resolve) => (answerDeclined = resolve)) : Promise.resolve(queue),
    );
    renderAt('/registrations');
    await screen.findByRole('link', { name: 'Kauri Cloud' });
    expect(screen.queryByText('Updating the list…')).toBeNull();
    fireEvent.change(screen.getByLabelText('Show registrations'), { target: { value: 'declined' } });
    expect(await screen.findByText('Updating the list…')).toBeTruthy();
    const list = screen.getByRole('link', { name: 'Kauri Cloud' }).closest('.updating-list') as HTMLElement;
    expect(list.getAttribute('aria-busy')).toBe('true');
    answerDeclined({ registrations: [], total: 0, page: 1, pageSize: 25, nextCursor: null, previousCursor: null });
    expect(await screen.findByText('No supplier registrations have been declined yet.')).toBeTruthy();
    expect(screen.queryByText('Updating the list…')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Kauri Cloud' })).toBeNull();
    expect(list.getAttribute('aria-busy')).toBeNull();
  });

  it('asks for the page from the registration its link starts after, with the links to the pages either side', async () => {
    api.apiFetch.mockResolvedValue({ ...queue, total: 60, page: 2, nextCursor: 51, previousCursor: 4 });
    renderAt('/registrations?status=declined&page=2&after=27');
    await screen.findByRole('link', { name: 'Kauri Cloud' });
    expect(api.apiFetch).toHaveBeenCalledWith('admin/registrations?status=declined&page=2&after=27', expect.anything());
    const pages = screen.getByRole('navigation', { name: 'Pages of registrations' });
    expect(within(pages).getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe('/admin/registrations?status=declined&page=3&after=51');
    expect(within(pages).getByRole('link', { name: /^Previous/ }).getAttribute('href')).toBe('/admin/registrations?status=declined&before=4');
  });

  it('offers the first page when the registration a page started from is gone', async () => {
    api.apiFetch.mockResolvedValue({ registrations: [], total: 60, page: 3, pageSize: 25, nextCursor: null, previousCursor: null });
    renderAt('/registrations?status=approved&page=3&after=999');
    expect(await screen.findByText('There are no registrations on page 3.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/admin/registrations?status=approved');
  });

  it('says when a filter finds nothing, and how to get back to the waiting ones', async () => {
    api.apiFetch.mockResolvedValue({ registrations: [], total: 0, page: 1, pageSize: 25, nextCursor: null, previousCursor: null });
    renderAt('/registrations?status=approved');
    expect(await screen.findByText('No supplier registrations have been approved yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the registrations waiting for a decision' })).toBeTruthy();
  });
});

describe('a supplier registration', () => {
  it('shows the answers by their questions, with the chosen services by name', async () => {
    answerApi(() => waiting);
    renderAt('/registrations/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kauri Cloud' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'About your company' })).toBeTruthy();
    expect(screen.getByText('Where is your business registered?')).toBeTruthy();
    expect(screen.getByText('Digital and ICT')).toBeTruthy();
    expect(screen.getByText('Cloud hosting')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the financial statement' })).toBeTruthy();
  });

  it('needs the reasons to decline, names the business before it goes, then shows who declined it', async () => {
    let current = waiting;
    const decide = vi.fn((_path: string, body: unknown) => {
      current = { ...waiting, status: 'declined', declineReasons: (body as { reasons: string }).reasons, decidedAt: new Date().toISOString(), decidedBy: 'Sam Staff' };
      return Promise.resolve(current);
    });
    answerApi(() => current, decide);
    renderAt('/registrations/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline registration' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter the reasons for declining this registration' })).toBeTruthy();
    const reasons = screen.getByRole('textbox', { name: 'Why are you declining this registration?' });
    expect(reasons.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(reasons, { target: { value: '  We could not find your NZBN.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline registration' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Decline the registration of Kauri Cloud?' })).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline registration' }));

    expect(await screen.findByText('You declined the registration of Kauri Cloud. We have emailed your reasons to Aroha Ngata.')).toBeTruthy();
    expect(decide).toHaveBeenCalledWith('admin/registrations/4/decline', { reasons: 'We could not find your NZBN.' });
    expect(screen.getByText('We could not find your NZBN.')).toBeTruthy();
    expect(screen.getByText(/by Sam Staff/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows the server\'s message and the registration as it now is when someone else decided first', async () => {
    let current = waiting;
    answerApi(
      () => current,
      () => {
        current = { ...waiting, status: 'approved', supplierId: 12, decidedAt: new Date().toISOString(), decidedBy: 'Kim Colleague' };
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'Registration REG-AB12-CD34 was already approved on 2026-11-20.' }));
      },
    );
    renderAt('/registrations/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/invites Aroha Ngata \(aroha@kauri.example\) by email to be its administrator/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve registration' }));

    expect(await screen.findByText('Registration REG-AB12-CD34 was already approved on 2026-11-20.')).toBeTruthy();
    expect(await screen.findByText(/by Kim Colleague/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says plainly when there is no such registration, or no such agency', async () => {
    answerApi(() => waiting);
    renderAt('/registrations/9');
    expect(await screen.findByText('There is no such supplier registration. The link may be wrong.')).toBeTruthy();
    cleanup();
    renderAt('/agencies/9');
    expect(await screen.findByText(/There is no such agency registration\./)).toBeTruthy();
  });
});

describe('an agency registration', () => {
  it('approves it after a dialog naming the agency and what approving does', async () => {
    const submitted: TeamAgency = {
      id: 3,
      reference: 'AGY-000003',
      name: 'Ministry of Tides',
      contactEmail: 'aroha@tides.govt.example',
      status: 'submitted',
      submittedAt: new Date().toISOString(),
      formVersion: 1,
      answers: { agency_name: 'Ministry of Tides', contact_name: 'Aroha Ngata' },
      decidedAt: null,
      decidedBy: null,
      declineReasons: null,
    };
    let current = submitted;
    api.apiFetch.mockImplementation((path: string, options?: { method?: string }) => {
      if (path === 'admin/agencies/3' && options?.method === undefined) {
        return Promise.resolve(current);
      }
      if (path === 'admin/agencies/3/approve') {
        current = { ...submitted, status: 'approved', decidedAt: new Date().toISOString(), decidedBy: 'Sam Staff' };
        return Promise.resolve(current);
      }
      if (path === 'admin/forms/agency/1') {
        return Promise.resolve({ key: 'agency', version: 1, validators: 'v.js', steps: [{ id: 'initial-details', title: 'Initial details', schema: { type: 'object', properties: { agency_name: { type: 'string', title: 'Agency name' } } }, uiSchema: {} }] });
      }
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    renderAt('/agencies/3');
    expect(await screen.findByText('Agency name')).toBeTruthy();
    // The reference the agency was given and quotes.
    expect(screen.getByText('AGY-000003')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Approve the agency registration of Ministry of Tides?' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve agency registration' }));
    expect(await screen.findByText('You approved the registration of Ministry of Tides. We have emailed aroha@tides.govt.example to say so.')).toBeTruthy();
    expect(screen.getByText('Suppliers can now name Ministry of Tides in their engagement notices.')).toBeTruthy();
  });
});

describe('dispositionFileName', () => {
  it('reads the UTF-8 name first, then the plain one, else the fallback', () => {
    expect(dispositionFileName(`attachment; filename="accounts.pdf"; filename*=UTF-8''M%C4%81tai%20accounts.pdf`, 'File')).toBe('Mātai accounts.pdf');
    expect(dispositionFileName('attachment; filename="accounts.pdf"', 'File')).toBe('accounts.pdf');
    expect(dispositionFileName(null, 'Financial statement')).toBe('Financial statement');
  });
});
