// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingReportListResponse } from '../../common/api/billing-reports';
import type { EngagementNoticeListResponse, EngagementNoticeResponse } from '../../common/api/engagement-notices';
import { WITHDRAWN_REASON_OTHER_MAX_LENGTH } from '../../common/reporting/engagement-notices';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { createDashboardRoutes } from '../dashboard/routes';
import { billingSentence } from './engagement-notice-details';
import { CHOOSE_REASON_MESSAGE, REASON_TOO_LONG_MESSAGE, withdrawFormProblems } from './withdraw-notice-form';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' }, reviewTargetDays: 10 }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const OTHER_PROBLEM = 'Say why you are withdrawing this engagement notice';

const notice: EngagementNoticeResponse = {
  id: 5,
  supplierID: 1,
  supplierId: 1,
  form: { key: 'engagement-notice', version: 1, steps: [], validators: 'forms/engagement-notice/1/validators.js' },
  data: { engagement: { agency: 3, title: 'Regional services portal', reference: 'MRD-2026-0117', services: [11] }, 'dates-and-value': { start_date: '2026-03-02', end_date: '2027-02-26', value: 48_000_000 } },
  progress: 2,
  status: 'submitted',
  isLocked: true,
  statusHistory: [
    { status: 'draft', at: '2026-03-04T21:00:00.000Z' },
    { status: 'submitted', at: '2026-03-05T21:00:00.000Z' },
  ],
  lastEdited: '2026-03-05T21:00:00.000Z',
  title: 'Regional services portal',
  reference: 'MRD-2026-0117',
  startDate: '2026-03-02',
  endDate: '2027-02-26',
  agency: { id: 3, name: 'Ministry of Regional Development' },
  services: [{ id: 11, title: 'Web development', catalogue: { id: 2, title: 'Digital' }, label: 'Web development - (catalogue: Digital)' }],
  withdrawnReason: null,
  withdrawnReasonOther: null,
  billing: { totalBilledCents: 3_630_050, valueCents: 48_000_000, reportCount: 2 },
  agencyResponse: { status: 'awaiting', at: null, byName: null, disputeReason: null, disputeDetails: null },
  confidentiality: { supplierReason: null, agencyReason: null, canChange: true },
};

const list: EngagementNoticeListResponse = {
  engagementNotices: [
    {
      id: 7,
      title: 'Student portal discovery',
      agency: { id: 4, name: 'Tertiary Education Office' },
      services: [{ id: 11, title: 'Web development' }],
      status: 'draft',
      reference: null,
      startDate: null,
      endDate: null,
      valueCents: null,
      submittedAt: null,
      lastEdited: '2026-05-01T00:00:00.000Z',
      agencyResponse: { status: 'awaiting', at: null, byName: null, disputeReason: null, disputeDetails: null },
    },
  ],
  total: 30,
  page: 1,
  pageSize: 25,
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital', isAdmin: true })] }));
  const router = createMemoryRouter(createDashboardRoutes({ productName: 'Marketplace' }), { basename: '/dashboard', initialEntries: [`/dashboard${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function answerNotice(withdrawn: (body: unknown) => Promise<unknown>) {
  api.apiFetch.mockImplementation((path: string, options?: { body?: unknown }) => {
    if (path === 'engagement-notice/5') {
      return Promise.resolve(notice);
    }
    if (path === 'engagement-notice/withdraw/5') {
      return withdrawn(options?.body);
    }
    if (path.endsWith('/thread')) {
      return Promise.resolve({ threads: [] });
    }
    return Promise.reject(new Error(`unexpected call ${path}`));
  });
}

async function openWithdrawForm(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Withdraw this notice' }));
  return screen.getByRole('region', { name: 'Withdraw this engagement notice' });
}

describe('the withdrawal form', () => {
  it('needs a reason, and text for Other', () => {
    expect(withdrawFormProblems(undefined, '')).toEqual({ reason: CHOOSE_REASON_MESSAGE });
    expect(withdrawFormProblems('other', '   ')).toEqual({ other: OTHER_PROBLEM });
    expect(withdrawFormProblems('other', 'x'.repeat(WITHDRAWN_REASON_OTHER_MAX_LENGTH + 1))).toEqual({ other: REASON_TOO_LONG_MESSAGE });
    expect(withdrawFormProblems('other', 'The agency merged the work into another contract')).toEqual({});
    expect(withdrawFormProblems('duplicate', '')).toEqual({});
  });

  it('says in the summary and on the field that Other needs text, then withdraws with it', async () => {
    const withdraw = vi.fn((body: unknown) => Promise.resolve({ ...notice, status: 'withdrawn', withdrawnReason: 'other', withdrawnReasonOther: (body as { withdrawnReasonOther: string }).withdrawnReasonOther }));
    answerNotice(withdraw);
    renderAt('/engagement-notices/engagement-notice/5');
    const form = await openWithdrawForm();

    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw engagement notice' }));
    const summary = within(form).getByRole('alert');
    expect(within(summary).getByRole('link', { name: CHOOSE_REASON_MESSAGE })).toBeTruthy();

    fireEvent.click(within(form).getByRole('radio', { name: 'Other' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw engagement notice' }));
    expect(within(within(form).getByRole('alert')).getByRole('link', { name: OTHER_PROBLEM })).toBeTruthy();
    const text = within(form).getByRole('textbox', { name: 'Tell us why' });
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(text.getAttribute('aria-describedby')).toContain(form.querySelector('.form-field__error')?.id);
    expect(withdraw).not.toHaveBeenCalled();

    fireEvent.change(text, { target: { value: '  The agency merged the work into another contract ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw engagement notice' }));
    expect(await screen.findByText('You withdrew the engagement notice ‘Regional services portal’.')).toBeTruthy();
    expect(withdraw).toHaveBeenCalledWith({ withdrawnReason: 'other', withdrawnReasonOther: 'The agency merged the work into another contract' });
    expect(screen.getByText('The agency merged the work into another contract')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw this notice' })).toBeNull();
  });

  it("shows the server's refusal in the summary", async () => {
    const message = 'This engagement notice is already withdrawn.';
    answerNotice(() => Promise.reject(new ApiError(409, { error: 'conflict', message })));
    renderAt('/engagement-notices/engagement-notice/5');
    const form = await openWithdrawForm();
    fireEvent.click(within(form).getByRole('radio', { name: 'It duplicates another notice' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw engagement notice' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(message);
  });
});

describe('the engagement notice screens', () => {
  it('show the billing so far in a sentence', () => {
    expect(billingSentence(notice.billing)).toBe('$36,300.50 billed in 2 billing reports against a value of $480,000.00.');
    expect(billingSentence({ totalBilledCents: 0, valueCents: 100, reportCount: 0 })).toBe("Nothing has been billed against this notice yet. The notice's value is $1.00.");
  });

  it('say there is no such notice for a 404', async () => {
    api.apiFetch.mockRejectedValue(new ApiError(404, { error: 'not found', message: 'No such engagement notice.' }));
    renderAt('/engagement-notices/engagement-notice/99');
    expect(await screen.findByText(/There is no such engagement notice among your supplier's engagement notices/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your engagement notices' }).getAttribute('href')).toBe('/dashboard/engagement-notices');
  });

  it("show the agency's dispute on the details: its answer, why, its words, who and when", async () => {
    const disputed: EngagementNoticeResponse = {
      ...notice,
      agencyResponse: { status: 'disputed', at: '2026-03-10T01:00:00.000Z', byName: 'Hana Reti', disputeReason: 'wrong_dates', disputeDetails: 'The work started in April.' },
    };
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path === 'engagement-notice/5' ? disputed : { threads: [], total: 0, page: 1, pageSize: 10 }));
    renderAt('/engagement-notices/engagement-notice/5');
    expect(await screen.findByText('Disputed by the agency')).toBeTruthy();
    const facts = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual(
      expect.arrayContaining([
        ["Agency's answer", 'Disputed by the agency'],
        ['Why the agency disputes it', 'The dates are wrong'],
        ['What the agency says is wrong', 'The work started in April.'],
        ['Disputed by', 'Hana Reti on 10 March 2026, 2:00 pm'],
      ]),
    );
  });

  it("show a confirmation on the details, and the agency's answer in the list once sent", async () => {
    const confirmed: EngagementNoticeResponse = {
      ...notice,
      agencyResponse: { status: 'confirmed', at: '2026-03-12T01:00:00.000Z', byName: null, disputeReason: null, disputeDetails: null },
    };
    api.apiFetch.mockImplementation((path: string) => Promise.resolve(path === 'engagement-notice/5' ? confirmed : { threads: [], total: 0, page: 1, pageSize: 10 }));
    renderAt('/engagement-notices/engagement-notice/5');
    expect(await screen.findByText('Confirmed by the agency')).toBeTruthy();
    expect(screen.getByText('A former member of the agency on 12 March 2026, 2:00 pm')).toBeTruthy();
    cleanup();
    api.apiFetch.mockResolvedValue(list);
    renderAt('/engagement-notices');
    const row = (await screen.findByRole('rowheader', { name: /Student portal discovery/ })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Not sent yet' })).toBeTruthy();
  });

  it('list notices with the page in the URL and a draft to continue', async () => {
    api.apiFetch.mockResolvedValue(list);
    renderAt('/engagement-notices?status=draft&sort=value');
    const row = (await screen.findByRole('rowheader', { name: /Student portal discovery/ })).closest('tr') as HTMLElement;
    expect(api.apiFetch).toHaveBeenCalledWith('engagement-notice?order=asc&sort=value&status=draft', expect.anything());
    expect(within(row).getByRole('link', { name: /^Continue/ }).getAttribute('href')).toBe('/dashboard/engagement-notices/submit/7');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Next\s*page$/ }).getAttribute('href')).toBe('/dashboard/engagement-notices?status=draft&sort=value&page=2');
  });
});

describe('the billing reports list', () => {
  const reports: BillingReportListResponse = {
    billingReports: [
      {
        id: 21,
        engagementNotice: { id: 5, title: 'Regional services portal', agencyName: 'Ministry of Regional Development', reference: 'MRD-2026-0117' },
        billingPeriod: '2026-04',
        amountCents: 3_630_050,
        status: 'submitted',
        submittedAt: '2026-05-04T22:00:00.000Z',
        lastEdited: '2026-05-04T22:00:00.000Z',
        agencyResponse: { status: 'queried', at: '2026-05-06T22:00:00.000Z', byName: 'Bailey Buyer', queryDetails: 'We expected 30 hours, not 40.' },
      },
    ],
    total: 1,
    page: 1,
    pageSize: 25,
  };

  it('filtered to a notice, asks the API for its reports, names it and offers to show them all', async () => {
    api.apiFetch.mockImplementation((path: string) => {
      if (path.startsWith('billing-report?')) {
        return Promise.resolve(reports);
      }
      if (path === 'billing-report/engagement-notices') {
        return Promise.resolve([{ id: 5, title: 'Regional services portal', agencyName: 'Ministry of Regional Development', reference: null, label: 'Regional services portal (Ministry of Regional Development)', reportedPeriods: ['2026-04'] }]);
      }
      if (path === 'engagement-notice/5') {
        return Promise.resolve(notice);
      }
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    renderAt('/billing-reports?engagementNotice=5');
    const row = (await screen.findByRole('rowheader', { name: /Regional services portal/ })).closest('tr') as HTMLElement;
    expect(api.apiFetch).toHaveBeenCalledWith('billing-report?engagementNotice=5&order=desc&sort=lastEdited', expect.anything());
    expect(within(row).getByText('April 2026')).toBeTruthy();
    expect(within(row).getByText('$36,300.50')).toBeTruthy();
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent.startsWith('Showing the billing reports for the engagement notice Regional services portal.'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show billing reports for every engagement notice' }).getAttribute('href')).toBe('/dashboard/billing-reports');
    expect(screen.getByLabelText<HTMLSelectElement>('Show reports for').value).toBe('5');
  });
});
