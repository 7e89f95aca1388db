// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyNotice, AgencyNoticesResponse } from '../../common/api/agency-engagements';
import { ApiError } from '../lib/api-error';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';
import { agencyNoticesQuery, NO_AGENCY_NOTICES_MESSAGE, NO_NOTICES_WITH_RESPONSE } from './agency-notices-screen';
import { renderAgencyRoutesAt } from './agency-screen-test-support';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const notice: AgencyNotice = {
  id: 5,
  supplier: { id: 8, name: 'Kōwhai Digital' },
  title: 'Regional services portal',
  reference: 'MRD-2026-0117',
  startDate: '2026-03-02',
  endDate: '2027-02-26',
  valueCents: 48_000_000,
  services: [
    { id: 11, title: 'Web development' },
    { id: 12, title: 'User research' },
  ],
  submittedAt: '2026-03-05T21:00:00.000Z',
  response: { status: 'awaiting', at: null, byName: null, disputeReason: null, disputeDetails: null },
};
const bare: AgencyNotice = { ...notice, id: 6, title: 'Discovery', reference: null, startDate: null, endDate: null, valueCents: null, services: [] };
const disputed: AgencyNotice = {
  ...notice,
  id: 7,
  title: 'Data migration',
  response: { status: 'disputed', at: '2026-03-10T01:00:00.000Z', byName: 'Hana Reti', disputeReason: 'wrong_value', disputeDetails: 'We agreed $40,000.' },
};

function page(notices: AgencyNotice[], pageNumber: number, total: number): AgencyNoticesResponse {
  return { notices, total, page: pageNumber, pageSize: 25 };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  return renderAgencyRoutesAt(createAgencyDashboardRoutes({ productName: 'Marketplace' }), path);
}

describe("the agency's engagement notices (issue 31)", () => {
  it('lists the notices naming the agency, with money in NZD and what was not given said so', async () => {
    api.apiFetch.mockResolvedValue(page([notice, bare], 1, 2));
    renderAt('/engagement-notices');
    const table = await screen.findByRole('table', { name: 'Engagement notices naming your agency' });
    expect(api.apiFetch).toHaveBeenCalledWith('agency/engagement-notices', expect.anything());
    expect(screen.getByText('2 engagement notices')).toBeTruthy();
    const row = within(table).getByRole('rowheader', { name: /^Regional services portal/ }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Web development, User research')).toBeTruthy();
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Kōwhai Digital',
      'Waiting for your answer',
      'MRD-2026-0117',
      '2 March 2026',
      '26 February 2027',
      '$480,000.00',
      '6 March 2026',
    ]);
    const bareRow = within(table).getByRole('rowheader', { name: 'Discovery' }).closest('tr') as HTMLElement;
    expect(within(bareRow).getAllByRole('cell', { name: 'Not given' })).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Regional services portal' }).getAttribute('href')).toBe('/agency/engagement-notices/5');
    expect(screen.queryByRole('navigation', { name: 'Pages of engagement notices' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('says plainly when no supplier has sent one yet', async () => {
    api.apiFetch.mockResolvedValue(page([], 1, 0));
    renderAt('/engagement-notices');
    expect(await screen.findByText(NO_AGENCY_NOTICES_MESSAGE)).toBeTruthy();
    expect(screen.getByText(/ask the supplier to send it and to name your agency in it/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through the notices with the page in the address', async () => {
    api.apiFetch.mockImplementation((path: string) =>
      Promise.resolve(path === 'agency/engagement-notices?page=2' ? page([bare], 2, 26) : page([notice], 1, 26)),
    );
    renderAt('/engagement-notices');
    const pages = await screen.findByRole('navigation', { name: 'Pages of engagement notices' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('link', { name: /^Next\s*page$/ }));
    expect(await screen.findByRole('rowheader', { name: 'Discovery' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Previous\s*page$/ }).getAttribute('href')).toBe('/agency/engagement-notices');
    expect(api.apiFetch).toHaveBeenCalledWith('agency/engagement-notices?page=2', expect.anything());
  });

  it('offers the first page when the address asks for a page past the last', async () => {
    api.apiFetch.mockResolvedValue(page([], 4, 26));
    renderAt('/engagement-notices?page=4');
    expect(await screen.findByText('There are no engagement notices on page 4.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/agency/engagement-notices');
  });

  it('shows a loading line, then a failed load with a way to try again', async () => {
    api.apiFetch.mockRejectedValueOnce(new ApiError(500, null)).mockResolvedValue(page([notice], 1, 1));
    renderAt('/engagement-notices');
    expect(await screen.findByText('Loading the engagement notices…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the engagement notices.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /^Regional services portal/ })).toBeTruthy();
  });

  it('shows each answer and filters by it, the filter in the address', async () => {
    api.apiFetch.mockImplementation((path: string) =>
      Promise.resolve(path === 'agency/engagement-notices?response=disputed' ? page([disputed], 1, 1) : page([notice, disputed], 1, 2)),
    );
    const router = renderAt('/engagement-notices');
    const table = await screen.findByRole('table', { name: 'Engagement notices naming your agency' });
    const disputedRow = within(table).getByRole('rowheader', { name: /^Data migration/ }).closest('tr') as HTMLElement;
    expect(within(disputedRow).getByText('Disputed')).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Your answer' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any answer', 'Waiting for your answer', 'Confirmed', 'Disputed']);
    fireEvent.change(filter, { target: { value: 'disputed' } });
    expect(await screen.findByText('1 engagement notice disputed by your agency')).toBeTruthy();
    expect(router.state.location.search).toBe('?response=disputed');
    expect(api.apiFetch).toHaveBeenCalledWith('agency/engagement-notices?response=disputed', expect.anything());
    expect(screen.queryByRole('rowheader', { name: /^Regional services portal/ })).toBeNull();
  });

  it('says what each filter found nothing for, with a way back to every notice', async () => {
    api.apiFetch.mockResolvedValue(page([], 1, 0));
    renderAt('/engagement-notices?response=awaiting');
    expect(await screen.findByText(NO_NOTICES_WITH_RESPONSE.awaiting)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/engagement-notices?response=awaiting', expect.anything());
    expect(screen.getByRole('link', { name: 'Show every engagement notice' }).getAttribute('href')).toBe('/agency/engagement-notices');
    expect(screen.queryByText(NO_AGENCY_NOTICES_MESSAGE)).toBeNull();
  });

  it('ignores an answer it does not know rather than sending it', () => {
    expect(agencyNoticesQuery(new URLSearchParams('response=confirmed&page=2'))).toEqual({ response: 'confirmed', page: 2 });
    expect(agencyNoticesQuery(new URLSearchParams('response=maybe&page=0'))).toEqual({});
  });
});
