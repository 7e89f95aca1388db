// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyBillingReportDetail, AgencyNoticeDetail, ReportResponse } from '../../common/api/agency-engagements';
import type { ThreadMessage } from '../../common/api/threads';
import { QUERY_DETAILS_MAX_LENGTH } from '../../common/reporting/agency-responses';
import { ApiError } from '../lib/api-error';
import type { ApiRequestOptions } from '../lib/api';
import type * as PageDataModule from '../lib/page-data';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';
import { REPORTS_OF_ENGAGEMENT_LINK } from './agency-notice-screen';
import { QUERY_LABEL, QUERY_SCREEN_TITLE, QUERY_SUBMIT } from './agency-query-screen';
import { CONFIRM_REPORT_ACTION, QUERY_REPORT_ACTION } from './agency-report-screen';
import { REPORT_ALREADY_ANSWERED_MESSAGE, reportResponseFacts, TOO_MANY_MESSAGES_MESSAGE } from './agency-response';
import { renderAgencyRoutesAt } from './agency-screen-test-support';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
type ApiCall = (path: string, options?: ApiRequestOptions) => Promise<unknown>;
const api = vi.hoisted(() => ({ apiFetch: vi.fn<ApiCall>() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

const NO_DETAILS_MESSAGE = 'Say what is wrong with the amount billed';

const awaitingResponse: ReportResponse = { status: 'awaiting', at: null, byName: null, queryDetails: null };
const queriedResponse: ReportResponse = { status: 'queried', at: '2026-08-10T01:00:00.000Z', byName: 'Hana Reti', queryDetails: 'Our timesheets show 18 days, not 21.' };
const confirmedResponse: ReportResponse = { status: 'confirmed', at: '2026-08-12T01:00:00.000Z', byName: 'Hana Reti', queryDetails: null };

const awaiting: AgencyBillingReportDetail = {
  id: 5,
  supplier: { id: 8, name: 'Kōwhai Digital' },
  engagementNotice: { id: 1, title: 'Regional services portal', reference: 'MRD-2026-0117' },
  billingPeriod: '2026-07',
  amountCents: 4_005_050,
  submittedAt: '2026-08-04T22:00:00.000Z',
  response: awaitingResponse,
  lines: [
    { service: 'Web development', amountCents: 2_825_000 },
    { service: 'User research', amountCents: 1_180_050 },
  ],
  noticeValueCents: 48_000_000,
  totalBilledCents: 24_530_300,
  query: null,
};

function buildMessage(overrides: Partial<ThreadMessage>): ThreadMessage {
  return { id: 1, threadId: 40, content: 'Hello', attachment: null, authorName: 'Hana Reti', isFromTeam: false, isFromAgency: true, createdAt: '2026-08-10T01:00:00.000Z', ...overrides };
}

const conversation: ThreadMessage[] = [
  buildMessage({ id: 1, content: 'Our timesheets show 18 days, not 21.' }),
  buildMessage({ id: 2, content: 'The usability test took three days.', authorName: 'Ana Kōwhai', isFromAgency: false, createdAt: '2026-08-11T01:00:00.000Z' }),
];
const queried: AgencyBillingReportDetail = { ...awaiting, response: queriedResponse, query: { threadId: 40, isResolved: false, messages: conversation } };
const confirmed: AgencyBillingReportDetail = { ...awaiting, response: confirmedResponse };

const confirmedNotice: AgencyNoticeDetail = {
  id: 1,
  supplier: { id: 8, name: 'Kōwhai Digital' },
  title: 'Regional services portal',
  reference: 'MRD-2026-0117',
  startDate: '2026-03-02',
  endDate: '2027-02-26',
  valueCents: 48_000_000,
  services: [],
  submittedAt: '2026-03-05T21:00:00.000Z',
  response: { status: 'confirmed', at: '2026-03-08T21:00:00.000Z', byName: 'Hana Reti', disputeReason: null, disputeDetails: null },
  description: null,
  confidentiality: { supplierReason: null, agencyReason: null, canChange: false },
  dispute: null,
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  return renderAgencyRoutesAt(createAgencyDashboardRoutes({ productName: 'Marketplace' }), path);
}

/** The API with the report as `current()` returns it; `post` answers the POSTs. */
function answerApi(current: () => AgencyBillingReportDetail, post: (path: string, body: unknown) => Promise<unknown> = () => Promise.reject(new Error('unexpected'))) {
  api.apiFetch.mockImplementation((path, options) => {
    if (options?.method === 'POST') {
      return post(path, options.body);
    }
    if (path === 'agency/billing-reports/5') {
      return Promise.resolve(current());
    }
    if (path === 'agency/engagement-notices/1') {
      return Promise.resolve(confirmedNotice);
    }
    if (path === 'agency/billing-reports' || path.startsWith('agency/billing-reports?')) {
      return Promise.resolve({ reports: [], total: 0, page: 1, pageSize: 25 });
    }
    return Promise.reject(new ApiError(404, { error: 'not found', message: 'Not found' }));
  });
}

describe("an agency's billing report (issue 31)", () => {
  it('shows the facts and amounts by service of a report waiting for an answer, and confirms it after a dialog that says what confirming means', async () => {
    let current = awaiting;
    answerApi(
      () => current,
      (path) => {
        current = confirmed;
        return path === 'agency/billing-reports/5/confirm' ? Promise.resolve(confirmed) : Promise.reject(new Error(path));
      },
    );
    renderAt('/billing-reports/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing report for July 2026' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Regional services portal, from Kōwhai Digital')).toBeTruthy();
    const facts = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual(
      expect.arrayContaining([
        ['Supplier', 'Kōwhai Digital'],
        ['Engagement', 'Regional services portal'],
        ['Your reference', 'MRD-2026-0117'],
        ['Month billed', 'July 2026'],
        ['Amount billed (NZD, excluding GST)', '$40,050.50'],
        ['Value of the engagement (NZD, excluding GST)', '$480,000.00'],
        ['Billed so far for the engagement (NZD, excluding GST)', '$245,303.00'],
      ]),
    );
    expect(screen.getByRole('link', { name: 'Regional services portal' }).getAttribute('href')).toBe('/agency/engagement-notices/1');
    const lines = screen.getByRole('table', { name: 'Amounts billed for each service' });
    expect(within(lines).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Web development$28,250.00', 'User research$11,800.50']);
    expect(screen.getByRole('link', { name: QUERY_REPORT_ACTION }).getAttribute('href')).toBe('/agency/billing-reports/5/query');

    fireEvent.click(screen.getByRole('button', { name: CONFIRM_REPORT_ACTION }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Confirm the amount?' })).toBeTruthy();
    expect(within(dialog).getByText(/Confirming tells the Marketplace team and Kōwhai Digital that \$40,050\.50 \(excluding GST\) is what your agency expected to pay/)).toBeTruthy();
    expect(api.apiFetch).not.toHaveBeenCalledWith('agency/billing-reports/5/confirm', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, confirm it' }));

    expect(await screen.findByText(/You confirmed the amount\./)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/billing-reports/5/confirm', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Hana Reti on 12 August 2026, 1:00 pm')).toBeTruthy();
    expect(screen.getByText('A confirmed billing report is final: there is nothing more to do.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: CONFIRM_REPORT_ACTION })).toBeNull();
    expect(screen.queryByRole('link', { name: QUERY_REPORT_ACTION })).toBeNull();
  });

  it('keeps a failure other than someone else’s answer in the dialog', async () => {
    answerApi(
      () => awaiting,
      () => Promise.reject(new ApiError(500, null)),
    );
    renderAt('/billing-reports/5');
    fireEvent.click(await screen.findByRole('button', { name: CONFIRM_REPORT_ACTION }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, confirm it' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.queryByText(/You confirmed the amount\./)).toBeNull();
  });

  it('says plainly when someone in the agency answered first, and shows their answer', async () => {
    let current = awaiting;
    answerApi(
      () => current,
      () => {
        current = queried;
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'Already answered.' }));
      },
    );
    renderAt('/billing-reports/5');
    fireEvent.click(await screen.findByRole('button', { name: CONFIRM_REPORT_ACTION }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, confirm it' }));
    expect(await screen.findByText(REPORT_ALREADY_ANSWERED_MESSAGE)).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Messages about the query' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('link', { name: QUERY_REPORT_ACTION })).toBeNull();
  });

  it('queries the amount: what is wrong is needed, then back to the report saying so, with its conversation', async () => {
    let current = awaiting;
    const post = vi.fn((path: string) => {
      current = queried;
      return path === 'agency/billing-reports/5/query' ? Promise.resolve(queried) : Promise.reject(new Error(path));
    });
    answerApi(() => current, post);
    const router = renderAt('/billing-reports/5/query');
    const details = await screen.findByRole('textbox', { name: QUERY_LABEL });
    expect(screen.getByRole('heading', { level: 1, name: QUERY_SCREEN_TITLE })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('July 2026, Regional services portal, from Kōwhai Digital: $40,050.50 excluding GST')).toBeTruthy();
    expect(screen.getByText(`You have ${QUERY_DETAILS_MAX_LENGTH.toLocaleString('en-NZ')} characters remaining`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: QUERY_SUBMIT }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([NO_DETAILS_MESSAGE]);
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(details, { target: { value: '  Our timesheets show 18 days, not 21.  ' } });
    fireEvent.click(screen.getByRole('button', { name: QUERY_SUBMIT }));

    expect(await screen.findByText(/You queried the amount\. Kōwhai Digital and the Marketplace team can now read what is wrong/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/billing-reports/5');
    expect(post).toHaveBeenCalledWith('agency/billing-reports/5/query', { details: 'Our timesheets show 18 days, not 21.' });
    const messages = screen.getByRole('list', { name: 'Messages about the query' });
    expect(within(messages).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the server’s refusal of the words by the field', async () => {
    answerApi(
      () => awaiting,
      () => Promise.reject(new ApiError(400, { error: 'bad request', message: 'Invalid', details: [{ field: 'details', message: 'Say what is wrong in 2000 characters or fewer' }] })),
    );
    renderAt('/billing-reports/5/query');
    fireEvent.change(await screen.findByRole('textbox', { name: QUERY_LABEL }), { target: { value: 'Too many days' } });
    fireEvent.click(screen.getByRole('button', { name: QUERY_SUBMIT }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Say what is wrong in 2000 characters or fewer' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: QUERY_LABEL }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when someone in the agency answered while the query was being written, and offers no query page for an answered report', async () => {
    let current = awaiting;
    answerApi(
      () => current,
      () => {
        current = confirmed;
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'Already answered.' }));
      },
    );
    renderAt('/billing-reports/5/query');
    fireEvent.change(await screen.findByRole('textbox', { name: QUERY_LABEL }), { target: { value: 'Too many days' } });
    fireEvent.click(screen.getByRole('button', { name: QUERY_SUBMIT }));
    expect(await screen.findByText('Your agency has already answered this billing report, so its amount cannot be queried now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: "See your agency's answer" }).getAttribute('href')).toBe('/agency/billing-reports/5');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows a queried report’s words, its conversation oldest first with who wrote each, a reply, and confirming once settled', async () => {
    let current = queried;
    const post = vi.fn((path: string, body: unknown) => {
      if (path !== 'agency/billing-reports/5/messages') {
        return Promise.reject(new Error(path));
      }
      const content = (body as { content: string }).content;
      current = { ...queried, query: { threadId: 40, isResolved: false, messages: [...conversation, buildMessage({ id: 3, content, createdAt: '2026-08-12T01:00:00.000Z' })] } };
      return Promise.resolve(current);
    });
    answerApi(() => current, post);
    renderAt('/billing-reports/5');
    expect(await screen.findByText('Hana Reti on 10 August 2026, 1:00 pm')).toBeTruthy();
    const answer = screen.getByRole('region', { name: "Your agency's answer" });
    expect(within(answer).getByText('Queried')).toBeTruthy();
    expect(within(answer).getByText('Our timesheets show 18 days, not 21.')).toBeTruthy();
    const messages = screen.getByRole('list', { name: 'Messages about the query' });
    expect(within(messages).getAllByRole('listitem').map((item) => item.querySelector('.thread-message__author')?.textContent)).toEqual([
      'Hana Reti (your agency)',
      'Ana Kōwhai (Kōwhai Digital)',
    ]);
    expect(screen.getByRole('button', { name: CONFIRM_REPORT_ACTION })).toBeTruthy();
    expect(screen.queryByRole('link', { name: QUERY_REPORT_ACTION })).toBeNull();
    expect(screen.queryByLabelText('Attachment (optional)')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: ' Thanks, we accept the three days. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thanks, we accept the three days.')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('agency/billing-reports/5/messages', { content: 'Thanks, we accept the three days.' });
    expect(screen.getByText('Your message was sent.')).toBeTruthy();
  });

  it('says when too many messages were sent', async () => {
    answerApi(
      () => queried,
      () => Promise.reject(new ApiError(429, { error: 'too many requests', message: 'Rate limit exceeded' })),
    );
    renderAt('/billing-reports/5');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(TOO_MANY_MESSAGES_MESSAGE)).toBeTruthy();
  });

  it('shows a confirmed report’s closed conversation, and no actions', async () => {
    answerApi(() => ({ ...confirmed, query: { threadId: 40, isResolved: true, messages: conversation } }));
    renderAt('/billing-reports/5');
    expect(await screen.findByText('Hana Reti on 12 August 2026, 1:00 pm')).toBeTruthy();
    expect(screen.queryByRole('button', { name: CONFIRM_REPORT_ACTION })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(screen.getByText('Your agency confirmed the amount, so the conversation is closed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Every billing report for Regional services portal' }).getAttribute('href')).toBe(
      '/agency/billing-reports?engagementNotice=1',
    );
  });

  it('says plainly when no report for the agency is at the address, and offers a retry when the load fails', async () => {
    answerApi(() => awaiting);
    renderAt('/billing-reports/9');
    expect(await screen.findByText('There is no billing report for your agency at this address. The link may be wrong.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the billing reports' }).getAttribute('href')).toBe('/agency/billing-reports');
    cleanup();
    api.apiFetch.mockRejectedValueOnce(new ApiError(500, null));
    renderAt('/billing-reports/5');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this billing report.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing report for July 2026' })).toBeTruthy();
  });

  it('links a confirmed engagement notice to its billing reports', async () => {
    answerApi(() => awaiting);
    renderAt('/engagement-notices/1');
    expect((await screen.findByRole('link', { name: REPORTS_OF_ENGAGEMENT_LINK })).getAttribute('href')).toBe('/agency/billing-reports?engagementNotice=1');
  });

  it('gives the supplier and the team the agency’s answer to a report as facts', () => {
    const labels = (facts: ReturnType<typeof reportResponseFacts>) => facts.map(([label]) => label);
    expect(labels(reportResponseFacts(awaitingResponse))).toEqual(["Agency's answer"]);
    expect(labels(reportResponseFacts(confirmedResponse))).toEqual(["Agency's answer", 'Confirmed by']);
    expect(reportResponseFacts(queriedResponse).slice(1).map(([label, value]) => [label, typeof value === 'string' ? value : 'element'])).toEqual([
      ['What the agency says is wrong', 'element'],
      ['Queried by', 'Hana Reti on 10 August 2026, 1:00 pm'],
    ]);
    expect(reportResponseFacts({ ...confirmedResponse, byName: null })[1]).toEqual(['Confirmed by', 'A former member of the agency on 12 August 2026, 1:00 pm']);
    cleanup();
    render(<dl>{reportResponseFacts(queriedResponse).map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}</dl>);
    expect(screen.getByText('Queried by the agency')).toBeTruthy();
    expect(screen.getByText('Our timesheets show 18 days, not 21.')).toBeTruthy();
  });
});
