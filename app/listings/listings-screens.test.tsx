// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinitionResponse } from '../../common/api/forms';
import { LISTING_CHANGED_SINCE } from '../../common/api/service-listings';
import type { ServiceListingListResponse, ServiceListingResponse } from '../../common/api/service-listings';
import type { ApiRequestOptions } from '../lib/api';
import type { SchemaForm } from '../lib/forms/schema-form';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { createDashboardRoutes } from '../dashboard/routes';

const auth = vi.hoisted(() => ({ state: { isLoading: false, isAuthenticated: true } }));
vi.mock('../lib/session', () => ({ useSession: () => auth.state }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(), renewSession: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
const api = vi.hoisted(() => ({ apiFetch: vi.fn<(path: string, options?: ApiRequestOptions) => Promise<unknown>>() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

/** The form renderer stands in as a form that answers the step's summary and submits what it holds. */
function StubSchemaForm({ formData, onChange, onSubmit, children }: Parameters<typeof SchemaForm>[0]) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(formData);
      }}
    >
      <button type="button" onClick={() => onChange?.({ ...formData, summary: 'A new summary.' })}>
        Answer the summary
      </button>
      {children}
    </form>
  );
}
vi.mock('../lib/forms/use-step-form', () => ({
  useStepForm: () => ({ data: { SchemaForm: StubSchemaForm, validator: {} }, isError: false, refetch: vi.fn() }),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const BASENAME = '/dashboard';

/** The listing form, two of its steps: enough for the overview's sections and its links. */
const form: FormDefinitionResponse = {
  key: 'service-listing',
  version: 1,
  validators: 'forms/service-listing/1/validators.js',
  steps: [
    {
      id: 'about',
      title: 'About the service',
      schema: { type: 'object', properties: { summary: { type: 'string', title: 'Summary' }, features: { type: 'array', title: 'Features', items: { type: 'string' } } } },
      uiSchema: { 'ui:order': ['summary', 'features'] },
    },
    {
      id: 'service-levels',
      title: 'Service levels',
      schema: { type: 'object', properties: { service_levels: { type: 'string', title: 'Service levels' } } },
      uiSchema: {},
    },
  ],
};

function buildListing(overrides: Partial<ServiceListingResponse> = {}): ServiceListingResponse {
  return {
    id: 3,
    service: { id: 5, slug: 'cloud-hosting', title: 'Cloud hosting', catalogueTitle: 'Cloud Services' },
    form,
    data: { about: { summary: 'Hosting in New Zealand data centres.', features: ['Backups every night', 'Support in business hours'] } },
    status: 'draft',
    isLive: false,
    isEditable: true,
    isSendable: true,
    changesRequested: null,
    lastEdited: '2026-11-02T01:02:03.000Z',
    files: {},
    ...overrides,
  };
}

const list: ServiceListingListResponse = {
  listings: [
    { service: { id: 5, slug: 'cloud-hosting', title: 'Cloud hosting', catalogueTitle: 'Cloud Services' }, listing: { id: 3, status: 'published', isLive: true, lastEdited: '2026-11-02T01:02:03.000Z' } },
    { service: { id: 6, slug: 'user-research', title: 'User research', catalogueTitle: 'Digital Services' }, listing: { id: 4, status: 'in_review', isLive: true, lastEdited: '2026-11-02T01:02:03.000Z' } },
    { service: { id: 7, slug: 'web-development', title: 'Web development', catalogueTitle: 'Digital Services' }, listing: null },
  ],
};

/** Answers GET /listing and GET /listing/5 with these, and the unread count of the navigation. */
function answerWith(answers: { list?: ServiceListingListResponse; listing?: () => ServiceListingResponse; other?: (path: string, options?: ApiRequestOptions) => Promise<unknown> }) {
  api.apiFetch.mockImplementation((path, options) => {
    if (path === 'messages/unread-count') {
      return Promise.resolve({ unreadMessages: 0, unreadThreads: 0 });
    }
    if (path === 'listing' && answers.list) {
      return Promise.resolve(answers.list);
    }
    if (path === 'listing/5' && (options?.method ?? 'GET') === 'GET' && answers.listing) {
      return Promise.resolve(answers.listing());
    }
    return answers.other ? answers.other(path, options) : Promise.reject(new ApiError(404, { error: 'Not Found', message: 'That listing was not found.' }));
  });
}

function renderDashboard(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: true })] }));
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), { basename: BASENAME, initialEntries: [`${BASENAME}${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the service listings screen', () => {
  it('lists each service with its catalogue, the status of its listing and a link to it', async () => {
    answerWith({ list });
    renderDashboard('/listings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service listings' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Cloud Services', 'Published', 'View the listing of Cloud hosting'],
      ['Digital Services', 'Changes waiting for review', 'View the listing of User research'],
      ['Digital Services', 'Not started', 'Start the listing of Web development'],
    ]);
    // jsdom names the link without the space before its hidden words, which browsers keep.
    expect(within(table).getByRole('link', { name: /^Start\s?the listing of Web development$/ }).getAttribute('href')).toBe('/dashboard/listings/7');
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Service listings' }).getAttribute('aria-current')).toBe('page');
  });

  it('says services come once an application is granted, when there are none', async () => {
    answerWith({ list: { listings: [] } });
    renderDashboard('/listings');
    expect(await screen.findByText('You have no services to list yet. A service can be listed once an application for it is granted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your applications' }).getAttribute('href')).toBe('/dashboard/applications');
  });

  it('says when the list could not be loaded, with a retry', async () => {
    answerWith({ other: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderDashboard('/listings');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your service listings.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe("a listing's overview", () => {
  it('shows the reasons the team asked for changes first, the answers with their Change links, and Send for review', async () => {
    answerWith({ listing: () => buildListing({ status: 'changes_requested', changesRequested: 'Name the data centres.\nSay what support costs.' }) });
    renderDashboard('/listings/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud hosting' })).toBeTruthy();
    const reasons = screen.getByRole('region', { name: 'The marketplace team asked for changes' });
    expect(reasons.textContent).toContain('Name the data centres.\nSay what support costs.');
    expect(screen.getByText('Changes requested')).toBeTruthy();
    expect(screen.getByText('Backups every night, Support in business hours')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Change\s?about the service$/ }).getAttribute('href')).toBe('/dashboard/listings/5/about?from=overview');
    expect(screen.getByRole('link', { name: /^Change\s?service levels$/ }).getAttribute('href')).toBe('/dashboard/listings/5/service-levels?from=overview');
    expect(screen.getByRole('button', { name: 'Send for review' })).toBeTruthy();
  });

  it('says the published version stays public while a live listing’s change waits', async () => {
    answerWith({ listing: () => buildListing({ status: 'in_review', isLive: true, isEditable: false, isSendable: false }) });
    renderDashboard('/listings/5');
    expect(await screen.findByText('Changes waiting for review')).toBeTruthy();
    expect(screen.getByText('The published version of this listing stays in the directory until the marketplace team approves your changes.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Change/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('offers to start a listing not started yet', async () => {
    answerWith({ listing: () => buildListing({ id: null, data: {}, lastEdited: null, isSendable: false }) });
    renderDashboard('/listings/5');
    expect((await screen.findByRole('link', { name: 'Start the listing' })).getAttribute('href')).toBe('/dashboard/listings/5/about');
    expect(screen.getByText('Not started')).toBeTruthy();
  });

  it('sends the listing with the lastEdited it loaded and says the application moved to Service Listing Validation', async () => {
    let sent = false;
    answerWith({
      listing: () => (sent ? buildListing({ status: 'in_review', isEditable: false, isSendable: false }) : buildListing()),
      other: (path, options) => {
        if (path === 'listing/5/send' && options?.method === 'POST') {
          sent = true;
          return Promise.resolve({ status: 'in_review', lastEdited: '2026-11-03T00:00:00.000Z', applicationMovedToValidation: 'MP-2026-0042' });
        }
        return Promise.reject(new Error(`unexpected ${path}`));
      },
    });
    renderDashboard('/listings/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/Your listing of Cloud hosting was sent to the marketplace team for review/)).toBeTruthy();
    expect(screen.getByText(/application MP-2026-0042 now has a listing with the team, so the application moved to Service Listing Validation/)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('listing/5/send', expect.objectContaining({ method: 'POST', body: { lastEdited: '2026-11-02T01:02:03.000Z' } }));
    await vi.waitFor(() => {
      expect(screen.getByText('Waiting for review')).toBeTruthy();
    });
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('summarises what a send found missing, each problem linked to its step', async () => {
    answerWith({
      listing: () => buildListing(),
      other: () =>
        Promise.reject(
          new ApiError(400, {
            error: 'Bad Request',
            message: 'There are 2 problems with the listing.',
            details: [
              { field: 'about.summary', message: 'Enter a summary of the service' },
              { field: 'service-levels.service_levels', message: 'Describe your service levels' },
            ],
          }),
        ),
    });
    renderDashboard('/listings/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Send for review' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Your listing is not complete' })).toBeTruthy();
    expect(within(summary).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About the service: Enter a summary of the service', '/dashboard/listings/5/about?from=overview'],
      ['Service levels: Describe your service levels', '/dashboard/listings/5/service-levels?from=overview'],
    ]);
  });

  it('says a listing of a service the supplier may not list was not found', async () => {
    answerWith({});
    renderDashboard('/listings/9');
    expect(await screen.findByText('That listing was not found. You can list only the services your applications were granted.')).toBeTruthy();
  });
});

describe("a listing's step", () => {
  it('sends the person to the overview, saying why, when the listing is with the team', async () => {
    answerWith({ listing: () => buildListing({ status: 'in_review', isEditable: false, isSendable: false }) });
    const router = renderDashboard('/listings/5/about');
    expect(await screen.findByText('This listing is with the marketplace team for review, so it cannot be changed now.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings/5');
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
  });

  it('saves the working copy with the lastEdited it loaded, then goes on to the next step', async () => {
    answerWith({
      listing: () => buildListing(),
      other: (path, options) =>
        path === 'listing/5' && options?.method === 'PUT'
          ? Promise.resolve({ id: 3, status: 'draft', lastEdited: '2026-11-03T00:00:00.000Z', files: {} })
          : Promise.reject(new Error(`unexpected ${path}`)),
    });
    const router = renderDashboard('/listings/5/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About the service' })).toBeTruthy();
    expect(screen.getByText('Cloud hosting')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Answer the summary' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Service levels' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings/5/service-levels');
    expect(api.apiFetch).toHaveBeenCalledWith('listing/5', {
      method: 'PUT',
      body: {
        form: { key: 'service-listing', version: 1 },
        data: { about: { summary: 'A new summary.', features: ['Backups every night', 'Support in business hours'] } },
        lastEdited: '2026-11-02T01:02:03.000Z',
      },
    });
  });

  it('goes back to the overview once saved when opened from it', async () => {
    answerWith({
      listing: () => buildListing(),
      other: () => Promise.resolve({ id: 3, status: 'draft', lastEdited: '2026-11-03T00:00:00.000Z', files: {} }),
    });
    const router = renderDashboard('/listings/5/service-levels?from=overview');
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Your answers to service levels were saved.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings/5');
  });

  it('says when someone saved the listing since, and offers to load theirs', async () => {
    answerWith({
      listing: () => buildListing(),
      other: () => Promise.reject(new ApiError(409, { error: 'Conflict', message: LISTING_CHANGED_SINCE })),
    });
    renderDashboard('/listings/5/about');
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(LISTING_CHANGED_SINCE);
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest version of this listing' }));
    await vi.waitFor(() => {
      expect(api.apiFetch.mock.calls.filter(([path, options]) => path === 'listing/5' && options?.method === undefined)).toHaveLength(2);
    });
  });
});

describe("a listing's spreadsheet template", () => {
  /** Chooses a file in the template's file input, as a person does in the browser's file dialogue. */
  function chooseFile(name = 'filled.xlsx') {
    const input = screen.getByLabelText('Filled-in template');
    Object.defineProperty(input, 'files', { value: [new File(['xlsx'], name)], configurable: true });
    fireEvent.change(input);
  }

  it('asks for a file before it uploads anything', async () => {
    answerWith({ listing: () => buildListing() });
    renderDashboard('/listings/5/template');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload and check' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Fill in the listing in a spreadsheet' })).toBeTruthy();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Select the filled-in template' })).toBeTruthy();
    expect(api.apiFetch.mock.calls.some(([path]) => path === 'listing/5/template')).toBe(false);
  });

  it('names each cell the portal could not read', async () => {
    answerWith({
      listing: () => buildListing(),
      other: (path) =>
        path === 'listing/5/template'
          ? Promise.reject(
              new ApiError(400, {
                error: 'Bad Request',
                message: 'There are 2 problems with the template. Correct them and upload it again.',
                details: [
                  { field: 'B24', message: 'Lowest price (NZ dollars): Enter an amount in dollars, like 1250 or 1250.50' },
                  { field: 'B31', message: 'Nelson: Enter Yes or No, or leave it empty' },
                ],
              }),
            )
          : Promise.reject(new Error(`unexpected ${path}`)),
    });
    renderDashboard('/listings/5/template');
    await screen.findByRole('button', { name: 'Upload and check' });
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Upload and check' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Cell B24, Lowest price (NZ dollars): Enter an amount in dollars, like 1250 or 1250.50',
      'Cell B31, Nelson: Enter Yes or No, or leave it empty',
    ]);
  });

  it('shows the answers read from the template to check, and saves them as the listing’s answers', async () => {
    const read = { about: { summary: 'Read from the spreadsheet.', features: ['Nightly backups'] }, 'service-levels': { service_levels: 'Within a day.' } };
    answerWith({
      listing: () => buildListing(),
      other: (path, options) => {
        if (path === 'listing/5/template' && options?.method === 'POST') {
          return Promise.resolve({ data: read, filledCells: 3 });
        }
        if (path === 'listing/5' && options?.method === 'PUT') {
          return Promise.resolve({ id: 3, status: 'draft', lastEdited: '2026-11-03T00:00:00.000Z', files: {} });
        }
        return Promise.reject(new Error(`unexpected ${path}`));
      },
    });
    const router = renderDashboard('/listings/5/template');
    await screen.findByRole('button', { name: 'Upload and check' });
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check the answers from your template' })).toBeTruthy();
    expect(screen.getByText(/These answers were read from 3 cells of your template/)).toBeTruthy();
    expect(screen.getByText('Read from the spreadsheet.')).toBeTruthy();
    const upload = api.apiFetch.mock.calls.find(([path]) => path === 'listing/5/template');
    expect(upload?.[1]?.body).toBeInstanceOf(FormData);
    fireEvent.click(screen.getByRole('button', { name: 'Save these answers' }));
    expect(await screen.findByText('The answers from your template were saved. Check them, then send the listing for review.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings/5');
    expect(api.apiFetch).toHaveBeenCalledWith('listing/5', {
      method: 'PUT',
      body: { form: { key: 'service-listing', version: 1 }, data: read, lastEdited: '2026-11-02T01:02:03.000Z' },
    });
  });

  it('sends the person to the overview, saying why, when the listing is with the team', async () => {
    answerWith({ listing: () => buildListing({ status: 'in_review', isEditable: false, isSendable: false }) });
    const router = renderDashboard('/listings/5/template');
    expect(await screen.findByText('This listing is with the marketplace team for review, so it cannot be changed now.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings/5');
  });

  it('links the overview to the spreadsheet', async () => {
    answerWith({ listing: () => buildListing() });
    renderDashboard('/listings/5');
    expect((await screen.findByRole('link', { name: 'change the answers in a spreadsheet' })).getAttribute('href')).toBe('/dashboard/listings/5/template');
  });
});
