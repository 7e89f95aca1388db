// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LISTING_CHANGES_REASON_MISSING,
  LISTING_NOT_IN_REVIEW,
  LISTING_NOT_SUSPENDABLE,
  LISTING_NOT_SUSPENDED,
  LISTING_SUSPEND_REASON_MISSING,
  type TeamListing,
  type TeamListingListResponse,
} from '../../common/api/team-listings';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser } from '../test/factories';
import { createTeamRoutes } from '../team/routes';

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

function renderTeamApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.currentUser, teamMember);
  const router = createMemoryRouter(createTeamRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Two steps of the listing form, as the server sends its stored form. */
const form: TeamListing['form'] = {
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
      id: 'pricing',
      title: 'Pricing',
      schema: { type: 'object', properties: { price_from: { type: 'integer', title: 'Lowest price' }, included: { type: 'string', title: 'What the price includes' } } },
      uiSchema: { 'ui:order': ['price_from', 'included'], price_from: { 'ui:options': { money: 'cents' } } },
    },
  ],
};

const liveChange: TeamListing = {
  id: 2,
  supplierId: 1,
  supplierTradingName: 'Kōwhai Digital',
  service: { id: 14, title: 'User research', catalogueTitle: 'Digital Services' },
  status: 'in_review',
  isLive: true,
  submittedAt: '2026-11-28T09:00:00.000Z',
  lastEdited: '2026-11-28T09:00:00.000Z',
  form,
  data: { about: { summary: 'User research, now with accessibility audits.', features: ['Interviews'] }, pricing: { price_from: 160_000, included: 'Reports' } },
  liveData: { about: { summary: 'User research for agencies.', features: ['Interviews'] }, pricing: { price_from: 150_000, included: 'Reports' } },
  changedFields: ['about.summary', 'pricing.price_from'],
  changesRequested: null,
  suspendedAt: null,
  expiredDocuments: [],
  application: null,
  versions: [{ version: 1, publishedAt: '2026-09-30T00:00:00.000Z', approvedBy: 'Sam Staff', changedFields: [] }],
  files: {},
};

const newListing: TeamListing = {
  ...liveChange,
  id: 3,
  supplierId: 4,
  supplierTradingName: 'Tūī Cyber',
  service: { id: 21, title: 'Penetration testing', catalogueTitle: 'Cyber Security' },
  isLive: false,
  liveData: null,
  changedFields: ['about.summary', 'about.features', 'pricing.price_from', 'pricing.included'],
  application: { id: 12, referenceId: 'MP-4LST-V4LD' },
  versions: [],
  files: { 'a3c1e0f2-0000-4000-8000-000000000001': 'pricing.pdf' },
};

const queue: TeamListingListResponse = {
  listings: [liveChange, newListing].map(({ id, supplierId, supplierTradingName, service, status, isLive, submittedAt, lastEdited }) => ({
    id,
    supplierId,
    supplierTradingName,
    service,
    status,
    isLive,
    submittedAt,
    lastEdited,
  })),
  total: 2,
  totalIsCapped: false,
  page: 1,
  pageSize: 25,
};

describe("the team's service listing queue", () => {
  it('lists the listings waiting for review with their supplier, service, kind and time, linking each to its review', async () => {
    api.apiFetch.mockResolvedValue(queue);
    renderTeamApp('/listings');
    const table = await screen.findByRole('table', { name: 'Service listings' });
    expect(api.apiFetch).toHaveBeenCalledWith('admin/listings', expect.anything());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('Kōwhai Digital');
    expect(rows[0]?.textContent).toContain('User research');
    expect(rows[0]?.textContent).toContain('Digital Services');
    expect(rows[0]?.textContent).toContain('Change to a live listing');
    expect(rows[1]?.textContent).toContain('New listing');
    expect(within(table).getByRole('link', { name: /^Review\s*the listing of Penetration testing from Tūī Cyber$/ }).getAttribute('href')).toBe('/admin/listings/3');
    expect(screen.getByText('2 listings at the status ‘Waiting for review’')).toBeTruthy();
    // In the team's navigation, after the applications.
    const links = within(screen.getByRole('navigation', { name: /admin|team|marketplace/i })).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Service listings')).toBe(links.indexOf('Applications') + 1);
  });

  it('filters by status in the URL', async () => {
    api.apiFetch.mockResolvedValue({ ...queue, listings: [], total: 0 });
    const router = renderTeamApp('/listings?status=approved&page=1');
    expect(await screen.findByText('No listings are at the status ‘Approved’.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/listings?status=approved', expect.anything());
    fireEvent.change(screen.getByLabelText('Show listings'), { target: { value: 'changes_requested' } });
    expect(router.state.location.search).toBe('?status=changes_requested');
    fireEvent.click(await screen.findByRole('link', { name: 'Show the listings waiting for review' }));
    expect(router.state.location.search).toBe('');
  });

  it('says when no listing is waiting for review, and what that means', async () => {
    api.apiFetch.mockResolvedValue({ ...queue, listings: [], total: 0 });
    renderTeamApp('/listings');
    expect(await screen.findByText('No listings are waiting for review.')).toBeTruthy();
    expect(screen.getByText(/A listing appears here when a supplier sends a new listing, or a change to a live one/)).toBeTruthy();
  });

  it('says when the listings could not be loaded, and tries again', async () => {
    let isDown = true;
    api.apiFetch.mockImplementation((path: string) => {
      if (path === 'admin/listings' && isDown) {
        isDown = false;
        return Promise.reject(new ApiError(500, null));
      }
      return Promise.resolve(queue);
    });
    renderTeamApp('/listings');
    expect(await screen.findByText(/We could not load the service listings/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Service listings' })).toBeTruthy();
  });
});

describe("the team's review of a service listing", () => {
  it('shows a live listing’s changed answers beside the published ones, and approves the change after a confirmation', async () => {
    const published: TeamListing = {
      ...liveChange,
      status: 'published',
      liveData: liveChange.data,
      changedFields: [],
      versions: [{ version: 2, publishedAt: '2026-11-29T09:00:00.000Z', approvedBy: 'Sam Staff', changedFields: ['about.summary', 'pricing.price_from'] }, ...liveChange.versions],
    };
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path.endsWith('/approve') ? published : liveChange));
    renderTeamApp('/listings/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'User research from Kōwhai Digital' })).toBeTruthy();
    const comparison = screen.getByRole('table', { name: 'Changed answers, the published answer beside the new one' });
    const summary = within(comparison).getByRole('row', { name: /^Summary/ });
    expect(within(summary).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['User research for agencies.', 'User research, now with accessibility audits.']);
    const price = within(comparison).getByRole('row', { name: /^Lowest price/ });
    expect(within(price).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$1,500.00', '$1,600.00']);
    expect(within(comparison).queryByRole('row', { name: /^Features/ })).toBeNull();
    expect(screen.getByRole('table', { name: 'Published versions, the latest first' }).textContent).toContain('The first version');

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve the listing of User research?' });
    expect(dialog.textContent).toContain('The change goes live in the directory now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and publish now' }));
    expect(await screen.findByText('The change to User research is live: version 2 is published. Kōwhai Digital was emailed.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/listings/2/approve', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    const versions = screen.getByRole('table', { name: 'Published versions, the latest first' });
    expect(within(versions).getByRole('row', { name: /^Version 2/ }).textContent).toContain('Summary, Lowest price');
  });

  it('shows a new listing’s answers, its application and files, and asks for changes only with a reason', async () => {
    const sentBack: TeamListing = { ...newListing, status: 'changes_requested', changesRequested: 'Say which regions you work in.' };
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path.endsWith('/request-changes') ? sentBack : newListing));
    renderTeamApp('/listings/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Penetration testing from Tūī Cyber' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'MP-4LST-V4LD' }).getAttribute('href')).toBe('/admin/applications/12');
    expect(screen.queryByRole('table', { name: /Changed answers/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'The listing' }).textContent).toContain('User research, now with accessibility audits.');
    expect(screen.getByRole('button', { name: 'Download pricing.pdf' })).toBeTruthy();
    expect(screen.getByText('No version of this listing has been published yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send the listing back' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: LISTING_CHANGES_REASON_MISSING })).toBeTruthy();
    const reason = screen.getByLabelText('What does the supplier need to change?');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.apiFetch).not.toHaveBeenCalledWith('admin/listings/3/request-changes', expect.anything());

    fireEvent.change(reason, { target: { value: '  Say which regions you work in.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the listing back' }));
    expect(await screen.findByText(/Penetration testing was sent back to Tūī Cyber\. Your reasons were sent to them as a message on application MP-4LST-V4LD/)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/listings/3/request-changes', expect.objectContaining({ method: 'POST', body: { reason: 'Say which regions you work in.' } }));
    expect(screen.getByText('Changes asked for')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the listing back' })).toBeNull();
  });

  it('shows the server’s message when someone decided first, and loads the listing as it is now', async () => {
    const approved: TeamListing = { ...newListing, status: 'approved' };
    let current = newListing;
    api.apiFetch.mockImplementation((path: string) =>
      path.endsWith('/approve') ? Promise.reject(new ApiError(409, { error: 'Conflict', message: LISTING_NOT_IN_REVIEW })) : Promise.resolve(current),
    );
    renderTeamApp('/listings/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve the listing of Penetration testing?' });
    expect(dialog.textContent).toContain('It goes live in the directory when application MP-4LST-V4LD is published.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve the listing' }));
    expect(await screen.findByText(LISTING_NOT_IN_REVIEW)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    current = approved;
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest listing' }));
    expect(await screen.findByText(/The listing is approved\. It goes live in the directory when application MP-4LST-V4LD is published\./)).toBeTruthy();
    expect(screen.queryByText(LISTING_NOT_IN_REVIEW)).toBeNull();
  });

  it('says a listing is not there', async () => {
    api.apiFetch.mockRejectedValue(new ApiError(404, { error: 'Not Found', message: 'No such listing.' }));
    renderTeamApp('/listings/9');
    expect(await screen.findByText(/There is no service listing at this address/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Service listing']);
  });
});

describe("the team's suspension of a live listing", () => {
  const insuranceId = 'a3c1e0f2-0000-4000-8000-000000000002';
  const accreditationId = 'a3c1e0f2-0000-4000-8000-000000000003';
  /** Kōwhai Digital's live listing, nothing waiting, whose insurance certificate and accreditation have expired. */
  const live: TeamListing = {
    ...liveChange,
    status: 'published',
    liveData: liveChange.data,
    changedFields: [],
    expiredDocuments: [
      { fileId: insuranceId, kind: 'insurance', expiresOn: '2026-11-20' },
      { fileId: accreditationId, kind: 'accreditation', expiresOn: '2026-10-31' },
    ],
    files: { [insuranceId]: 'insurance-2026.pdf' },
  };
  const suspended: TeamListing = { ...live, suspendedAt: '2026-12-01T02:00:00.000Z' };
  const REASON = 'Your insurance certificate expired on 20 November. Send a current one by changing your listing.';

  function directoryFact(): string | null | undefined {
    return screen.getByText('In the directory').nextElementSibling?.textContent;
  }

  it('warns of the published listing’s expired documents, naming each with the date it expired', async () => {
    api.apiFetch.mockResolvedValue(live);
    renderTeamApp('/listings/2');
    const warning = (await screen.findByText('2 documents of the published listing have expired')).closest('.team-listing-review__warning') as HTMLElement;
    expect(within(warning).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Insurance certificate (insurance-2026.pdf): expired on 20 November 2026',
      'Accreditation: expired on 31 October 2026',
    ]);
    expect(warning.textContent).toContain('Warning');
    expect(warning.textContent).toContain('Until then you can suspend the listing, so buyers cannot read it.');
    expect(directoryFact()).toBe('Live: buyers can read the published listing');
  });

  it('shows no warning when no document has expired, and no suspension for a listing that is not live', async () => {
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path === 'admin/listings/3' ? newListing : liveChange));
    renderTeamApp('/listings/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Penetration testing from Tūī Cyber' })).toBeTruthy();
    expect(screen.queryByText(/published listing (has|have) expired/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend listing' })).toBeNull();
    expect(screen.queryByText('In the directory')).toBeNull();
    cleanup();

    renderTeamApp('/listings/2');
    expect(await screen.findByRole('button', { name: 'Suspend listing' })).toBeTruthy();
    expect(screen.queryByText(/published listing (has|have) expired/)).toBeNull();
  });

  it('suspends a live listing only with reasons, then shows it suspended and offers to reinstate it', async () => {
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path.endsWith('/suspend') ? suspended : live));
    renderTeamApp('/listings/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend listing' }));
    const reason = await screen.findByLabelText('Why are you suspending this listing?');
    await vi.waitFor(() => expect(document.activeElement).toBe(reason));
    expect(screen.getByText(/Kōwhai Digital reads this as a message from the team/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Suspend listing' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: LISTING_SUSPEND_REASON_MISSING })).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.apiFetch).not.toHaveBeenCalledWith('admin/listings/2/suspend', expect.anything());

    fireEvent.change(reason, { target: { value: `  ${REASON}  ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend listing' }));
    expect(
      await screen.findByText(
        'User research from Kōwhai Digital is suspended: buyers cannot read it until it is reinstated. Your reasons were sent to Kōwhai Digital as a message, and they were emailed.',
      ),
    ).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/listings/2/suspend', expect.objectContaining({ method: 'POST', body: { reason: REASON } }));
    expect(directoryFact()).toBe('Suspended on 1 December 2026: buyers cannot read the listing');
    expect(screen.queryByLabelText('Why are you suspending this listing?')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reinstate listing' })).toBeTruthy();
    expect(screen.getByText(/The listing is suspended, so buyers cannot read it\. Reinstate it once the supplier has replaced the documents/)).toBeTruthy();
    expect(screen.getByText('The listing is suspended, and no change is waiting for review.')).toBeTruthy();
  });

  it('closes the reasons when cancelled, sending nothing, and the button takes the focus back', async () => {
    api.apiFetch.mockResolvedValue(live);
    renderTeamApp('/listings/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend listing' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const button = screen.getByRole('button', { name: 'Suspend listing' });
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
    expect(screen.queryByLabelText('Why are you suspending this listing?')).toBeNull();
    expect(api.apiFetch).not.toHaveBeenCalledWith('admin/listings/2/suspend', expect.anything());
  });

  it('reinstates a suspended listing after a confirmation', async () => {
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path.endsWith('/reinstate') ? live : suspended));
    renderTeamApp('/listings/2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Reinstate this listing' })).toBeTruthy();
    expect(screen.getByText(/The listing was suspended on 1 December 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reinstate listing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reinstate the listing of User research?' });
    expect(dialog.textContent).toContain('Buyers can read the published listing in the directory again at once.');
    expect(dialog.textContent).toContain('The published listing still has an expired document.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinstate listing' }));
    expect(await screen.findByText('User research from Kōwhai Digital is reinstated: buyers can read it again. Kōwhai Digital was emailed.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('admin/listings/2/reinstate', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(directoryFact()).toBe('Live: buyers can read the published listing');
    expect(screen.getByRole('button', { name: 'Suspend listing' })).toBeTruthy();
  });

  it('shows the server’s message when someone suspended it first, and loads the listing as it is now', async () => {
    let current = live;
    api.apiFetch.mockImplementation((path: string) =>
      path.endsWith('/suspend') ? Promise.reject(new ApiError(409, { error: 'Conflict', message: LISTING_NOT_SUSPENDABLE })) : Promise.resolve(current),
    );
    renderTeamApp('/listings/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend listing' }));
    fireEvent.change(await screen.findByLabelText('Why are you suspending this listing?'), { target: { value: REASON } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend listing' }));
    expect(await screen.findByText(LISTING_NOT_SUSPENDABLE)).toBeTruthy();
    expect(screen.queryByLabelText('Why are you suspending this listing?')).toBeNull();
    current = suspended;
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest listing' }));
    expect(await screen.findByRole('button', { name: 'Reinstate listing' })).toBeTruthy();
    expect(screen.queryByText(LISTING_NOT_SUSPENDABLE)).toBeNull();
  });

  it('keeps the reasons when the listing could not be suspended, and says so', async () => {
    api.apiFetch.mockImplementation((path: string) => (path.endsWith('/suspend') ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(live)));
    renderTeamApp('/listings/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend listing' }));
    fireEvent.change(await screen.findByLabelText('Why are you suspending this listing?'), { target: { value: REASON } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend listing' }));
    expect(await screen.findByText('The listing was not suspended. Check your connection and try again.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Why are you suspending this listing?').value).toBe(REASON);
  });

  it('closes the confirmation and shows the server’s message when someone reinstated it first', async () => {
    api.apiFetch.mockImplementation((path: string) =>
      path.endsWith('/reinstate') ? Promise.reject(new ApiError(409, { error: 'Conflict', message: LISTING_NOT_SUSPENDED })) : Promise.resolve(suspended),
    );
    renderTeamApp('/listings/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Reinstate listing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reinstate the listing of User research?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinstate listing' }));
    expect(await screen.findByText(LISTING_NOT_SUSPENDED)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Load the latest listing' })).toBeTruthy();
  });
});
