// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectorySearchResponse } from '../../common/api/directory';
import type { ShortlistDetail, ShortlistsResponse } from '../../common/api/shortlists';
import type { ApiRequestOptions } from '../lib/api';
import { ApiError } from '../lib/api-error';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser } from '../test/factories';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));
const reloading = vi.hoisted(() => ({ reloadPage: vi.fn() }));
vi.mock('../lib/reload-page', () => reloading);

const member = buildCurrentUser({ suppliers: [], agencies: [buildAgency({ agencyID: 3, agencyName: 'Ministry of Regional Development', isAdmin: false })] });

const summary = { id: 5, name: 'Website rebuild', isShared: false, canManage: true, createdByName: 'Bailey Buyer', supplierCount: 1, updatedAt: '2026-11-20T10:00:00.000Z' };
const list: ShortlistsResponse = { shortlists: [summary, { ...summary, id: 6, name: 'Cloud hosting', isShared: true, canManage: false, createdByName: 'Hana Wiremu', supplierCount: 0 }] };
const detail: ShortlistDetail = {
  ...summary,
  suppliers: [
    { id: 40, name: 'Tūī Analytics', note: 'Strong on dashboards', isListed: true, addedAt: '2026-11-20T10:00:00.000Z', addedByName: 'Bailey Buyer' },
    { id: 41, name: 'Gone Ltd', note: '', isListed: false, addedAt: '2026-11-19T10:00:00.000Z', addedByName: null },
  ],
};
const search: DirectorySearchResponse = {
  results: [
    { id: 40, title: 'Tūī Analytics', url: '/approved-suppliers/40', channel: 'Digital', catalogue: 'Data', services: [], catalogues: [] },
    { id: 42, title: 'Kōwhai Digital', url: '/approved-suppliers/42', channel: 'Digital', catalogue: 'Web', services: [], catalogues: [] },
  ],
  total: 2,
  page: 1,
  pageSize: 10,
  services: [],
};

type Answers = Record<string, (options?: ApiRequestOptions) => Promise<unknown>>;

/** Answers by "METHOD path"; anything else is refused as unexpected. */
function answer(answers: Answers) {
  api.apiFetch.mockImplementation((path: string, options?: ApiRequestOptions) => {
    const reply = answers[`${options?.method ?? 'GET'} ${path}`];
    return reply ? reply(options) : Promise.reject(new Error(`unexpected call ${options?.method ?? 'GET'} ${path}`));
  });
}

const reads: Answers = {
  'GET agency/shortlists': () => Promise.resolve(list),
  'GET agency/shortlists/5': () => Promise.resolve(detail),
  'POST directory/search': () => Promise.resolve(search),
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, member);
  const router = createMemoryRouter(createAgencyDashboardRoutes({ productName: 'Marketplace' }), { basename: '/agency', initialEntries: [`/agency${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the list of shortlists (issue 31)', () => {
  it('lists each shortlist: its link, who sees it, who made it, its suppliers and when it changed', async () => {
    answer(reads);
    renderAt('/shortlists');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shortlists' })).toBeTruthy();
    const mine = (await screen.findByRole('rowheader', { name: 'Website rebuild' })).closest('tr') as HTMLElement;
    expect(within(mine).getByRole('link', { name: 'Website rebuild' }).getAttribute('href')).toBe('/agency/shortlists/5');
    expect(within(mine).getByRole('cell', { name: 'Only you' })).toBeTruthy();
    expect(within(mine).getByRole('cell', { name: '1 supplier' })).toBeTruthy();
    const shared = screen.getByRole('rowheader', { name: 'Cloud hosting' }).closest('tr') as HTMLElement;
    expect(within(shared).getByRole('cell', { name: 'Shared with your agency' })).toBeTruthy();
    expect(within(shared).getByRole('cell', { name: 'Hana Wiremu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make a shortlist' }).getAttribute('href')).toBe('/agency/shortlists/new');
  });

  it('explains what a shortlist is when there are none', async () => {
    answer({ 'GET agency/shortlists': () => Promise.resolve({ shortlists: [] }) });
    renderAt('/shortlists');
    expect(await screen.findByText('You have no shortlists yet.')).toBeTruthy();
    expect(screen.getByText(/keeps the suppliers of the directory you are considering/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    let loads = 0;
    api.apiFetch.mockImplementation(() => ((loads += 1) === 1 ? Promise.reject(new ApiError(500, { error: 'internal error', message: 'Something went wrong.' })) : Promise.resolve(list)));
    renderAt('/shortlists');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your shortlists.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Website rebuild' })).toBeTruthy();
  });
});

describe('making a shortlist (issue 31)', () => {
  it('refuses an empty name with an error summary', async () => {
    answer(reads);
    renderAt('/shortlists/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Name your shortlist' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make the shortlist' }));
    const summaryBox = await screen.findByRole('alert');
    expect(within(summaryBox).getByRole('link', { name: 'Enter a name for the shortlist' }).getAttribute('href')).toBe('#shortlist-name');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.apiFetch).not.toHaveBeenCalledWith('agency/shortlists', expect.objectContaining({ method: 'POST' }));
  });

  it('refuses a name that is too long', async () => {
    answer(reads);
    renderAt('/shortlists/new');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the shortlist' }));
    expect(within(await screen.findByRole('alert')).getByRole('link').textContent).toBe('Enter a name of 100 characters or fewer');
  });

  it('makes the shortlist and opens it', async () => {
    answer({ ...reads, 'POST agency/shortlists': () => Promise.resolve({ ...detail, supplierCount: 0, suppliers: [] }) });
    const router = renderAt('/shortlists/new');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: ' Website rebuild ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the shortlist' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Website rebuild' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/shortlists/5');
    expect(api.apiFetch).toHaveBeenCalledWith('agency/shortlists', { method: 'POST', body: { name: 'Website rebuild' } });
    expect(await screen.findByText('There are no suppliers on this shortlist yet. Search the directory below to add one.')).toBeTruthy();
  });
});

describe('a shortlist (issue 31)', () => {
  it('shows its suppliers, their notes and who added them, and one that left the directory says so', async () => {
    answer(reads);
    renderAt('/shortlists/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Website rebuild' })).toBeTruthy();
    const tui = screen.getByRole('rowheader', { name: 'Tūī Analytics' }).closest('tr') as HTMLElement;
    expect(within(tui).getByText('Strong on dashboards')).toBeTruthy();
    expect(within(tui).getByText(/Bailey Buyer/)).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /^Gone Ltd\s*\(No longer in the directory\)$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share with your agency' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download as CSV' })).toBeTruthy();
  });

  it('shares it and announces it', async () => {
    answer({ ...reads, 'PUT agency/shortlists/5': () => Promise.resolve({ ...detail, isShared: true }) });
    renderAt('/shortlists/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Share with your agency' }));
    expect(await screen.findByText('The shortlist is now shared with everyone in your agency.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop sharing' })).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/shortlists/5', { method: 'PUT', body: { isShared: true } });
  });

  it('offers a colleague who did not make it no sharing, renaming or deleting', async () => {
    answer({ ...reads, 'GET agency/shortlists/5': () => Promise.resolve({ ...detail, canManage: false, isShared: true }) });
    renderAt('/shortlists/5');
    expect(await screen.findByText(/Only the person who made this shortlist, or an administrator of your agency/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete this shortlist' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rename the shortlist' })).toBeNull();
  });

  it('searches the directory and adds a supplier with a note; one already on it says so', async () => {
    answer({ ...reads, 'PUT agency/shortlists/5/suppliers/42': () => Promise.resolve(detail) });
    renderAt('/shortlists/5');
    fireEvent.change(await screen.findByLabelText('Search the directory'), { target: { value: 'digital' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Suppliers found' });
    expect(within(results).getByText('On this shortlist')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('directory/search', expect.objectContaining({ method: 'POST', body: { keyword: 'digital', pageSize: 10 } }));
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Good accessibility work' } });
    fireEvent.click(within(results).getByRole('button', { name: /^Add to this shortlist\s*Kōwhai Digital$/ }));
    expect(await screen.findByText('Kōwhai Digital was added to the shortlist.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/shortlists/5/suppliers/42', { method: 'PUT', body: { note: 'Good accessibility work' } });
  });

  it('changes a note in place', async () => {
    const saved = { ...detail, suppliers: [{ ...detail.suppliers[0], note: 'Shortlisted for phase 2' }, detail.suppliers[1]] };
    answer({ ...reads, 'PUT agency/shortlists/5/suppliers/40': () => Promise.resolve(saved) });
    renderAt('/shortlists/5');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit note\s*on Tūī Analytics$/ }));
    fireEvent.change(screen.getByLabelText('Note on Tūī Analytics'), { target: { value: 'Shortlisted for phase 2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save\s*the note on Tūī Analytics$/ }));
    expect(await screen.findByText('The note on Tūī Analytics was saved.')).toBeTruthy();
    expect(screen.getByText('Shortlisted for phase 2')).toBeTruthy();
    // The focus returns to the button that opened the form.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Edit note\s*on Tūī Analytics$/ }));
    expect(api.apiFetch).toHaveBeenCalledWith('agency/shortlists/5/suppliers/40', { method: 'PUT', body: { note: 'Shortlisted for phase 2' } });
  });

  it('removes a supplier after confirmation', async () => {
    answer({ ...reads, 'DELETE agency/shortlists/5/suppliers/40': () => Promise.resolve({ ...detail, suppliers: [detail.suppliers[1]] }) });
    renderAt('/shortlists/5');
    fireEvent.click(await screen.findByRole('button', { name: /^Remove\s*Tūī Analytics$/ }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove supplier' }));
    expect(await screen.findByText('Tūī Analytics was removed from the shortlist.')).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Tūī Analytics' })).toBeNull();
  });

  it('deletes the shortlist after confirmation and returns to the list', async () => {
    answer({ ...reads, 'DELETE agency/shortlists/5': () => Promise.resolve(null) });
    const router = renderAt('/shortlists/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this shortlist' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete shortlist' }));
    expect(await screen.findByText('The shortlist Website rebuild was deleted.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/shortlists');
  });

  it('explains a refused deletion inside the dialog', async () => {
    answer({ ...reads, 'DELETE agency/shortlists/5': () => Promise.reject(new ApiError(403, { error: 'forbidden', message: 'Only the person…' })) });
    renderAt('/shortlists/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this shortlist' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete shortlist' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Only the person who made this shortlist, or an administrator of your agency');
  });

  it('says so when there is no such shortlist', async () => {
    answer({ 'GET agency/shortlists/9': () => Promise.reject(new ApiError(404, { error: 'not found', message: 'Not found' })) });
    renderAt('/shortlists/9');
    expect(await screen.findByText('We could not find that shortlist. It may have been deleted, or not shared with you.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to shortlists' }).getAttribute('href')).toBe('/agency/shortlists');
  });
});

describe('saving a supplier found in the directory (issue 31)', () => {
  const kowhai = { id: 42, name: 'Kōwhai Digital', onShortlists: [{ id: 6, name: 'Cloud hosting' }] };
  const saves: Answers = { ...reads, 'GET agency/directory-suppliers/42': () => Promise.resolve(kowhai) };

  it('asks which shortlist, says where the supplier already is, and refuses no choice with an error summary', async () => {
    answer(saves);
    renderAt('/shortlists/save/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Save Kōwhai Digital to a shortlist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cloud hosting' }).getAttribute('href')).toBe('/agency/shortlists/6');
    expect(screen.getByRole('radio', { name: 'Cloud hosting (already on it)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/approved-suppliers/42');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the shortlist' }));
    const summaryBox = await screen.findByRole('alert');
    expect(within(summaryBox).getByRole('link', { name: 'Select a shortlist, or a new one' }).getAttribute('href')).toBe('#save-shortlist-choice');
    expect(api.apiFetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'PUT' }));
    expect(api.apiFetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'POST' }));
  });

  it('saves to a chosen shortlist with the note and opens it, announcing the save', async () => {
    answer({ ...saves, 'PUT agency/shortlists/5/suppliers/42': () => Promise.resolve(detail) });
    const router = renderAt('/shortlists/save/42');
    fireEvent.click(await screen.findByRole('radio', { name: 'Website rebuild' }));
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: ' Did the library site ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the shortlist' }));
    expect(await screen.findByText('Kōwhai Digital was saved to Website rebuild.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/shortlists/5');
    expect(api.apiFetch).toHaveBeenCalledWith('agency/shortlists/5/suppliers/42', { method: 'PUT', body: { note: 'Did the library site' } });
  });

  it('sends no note when none is written, so a note the supplier has on that shortlist stays', async () => {
    answer({ ...saves, 'PUT agency/shortlists/6/suppliers/42': () => Promise.resolve({ ...detail, id: 6, name: 'Cloud hosting' }) });
    renderAt('/shortlists/save/42');
    fireEvent.click(await screen.findByRole('radio', { name: 'Cloud hosting (already on it)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save to the shortlist' }));
    expect(await screen.findByText('Kōwhai Digital was saved to Cloud hosting.')).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/shortlists/6/suppliers/42', { method: 'PUT', body: {} });
  });

  it('makes a new shortlist with the supplier in one request, refusing an empty name first', async () => {
    answer({ ...saves, 'POST agency/shortlists': () => Promise.resolve({ ...detail, id: 7, name: 'Intranet' }), 'GET agency/shortlists/7': () => Promise.resolve({ ...detail, id: 7, name: 'Intranet' }) });
    const router = renderAt('/shortlists/save/42');
    fireEvent.click(await screen.findByRole('radio', { name: 'A new shortlist' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save to the shortlist' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: 'Enter a name for the shortlist' }).getAttribute('href')).toBe('#save-shortlist-name');
    fireEvent.change(screen.getByLabelText('Name of the new shortlist'), { target: { value: 'Intranet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the shortlist' }));
    expect(await screen.findByText('Kōwhai Digital was saved to Intranet.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/shortlists/7');
    expect(api.apiFetch).toHaveBeenCalledWith('agency/shortlists', { method: 'POST', body: { name: 'Intranet', supplier: { id: 42, note: '' } } });
  });

  it('with no shortlist yet, asks only for a new one’s name', async () => {
    answer({ ...saves, 'GET agency/shortlists': () => Promise.resolve({ shortlists: [] }), 'GET agency/directory-suppliers/42': () => Promise.resolve({ ...kowhai, onShortlists: [] }) });
    renderAt('/shortlists/save/42');
    expect(await screen.findByText('You have no shortlists yet. Name a new one to save Kōwhai Digital to it.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByLabelText('Name of the new shortlist')).toBeTruthy();
  });

  it('says so when the supplier is not in the directory, with a way back to it', async () => {
    answer({ ...reads, 'GET agency/directory-suppliers/43': () => Promise.reject(new ApiError(404, { error: 'not found', message: 'Not found' })) });
    renderAt('/shortlists/save/43');
    expect(await screen.findByText(/We could not find that supplier in the directory/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search the approved suppliers' }).getAttribute('href')).toBe('/approved-suppliers');
  });
});
