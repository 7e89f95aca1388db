// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyNoticeDetail, AgencyResponse } from '../../common/api/agency-engagements';
import type { ThreadMessage } from '../../common/api/threads';
import { DISPUTE_DETAILS_MAX_LENGTH } from '../../common/reporting/agency-responses';
import { CONFIDENTIAL_ANSWER, CONFIDENTIALITY_QUESTION, PUBLISH_ANSWER } from '../../common/reporting/confidentiality';
import { ApiError } from '../lib/api-error';
import type { ApiRequestOptions } from '../lib/api';
import type * as PageDataModule from '../lib/page-data';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';
import { charactersLeft } from './agency-answer-form';
import { CHOOSE_DISPUTE_REASON_MESSAGE, disputeFormProblems } from './agency-dispute-screen';
import { disputeMessageAuthor, MESSAGE_SENT_ANNOUNCEMENT } from './agency-conversation';
import { TOO_LATE_MESSAGE } from './agency-confidentiality-screen';
import { AGENCY_CHANGE_OPEN_DATA_LINK, AGENCY_OPEN_DATA_LINK, CONFIRM_ACTION, DISPUTE_ACTION } from './agency-notice-screen';
import { SAVE_CONFIDENTIALITY_ACTION } from './confidentiality-form';
import { ALREADY_ANSWERED_MESSAGE, TOO_MANY_MESSAGES_MESSAGE } from './agency-response';
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

const NO_DETAILS_MESSAGE = 'Say what is wrong with this engagement notice';

const awaitingResponse: AgencyResponse = { status: 'awaiting', at: null, byName: null, disputeReason: null, disputeDetails: null };
const disputedResponse: AgencyResponse = {
  status: 'disputed',
  at: '2026-03-10T01:00:00.000Z',
  byName: 'Hana Reti',
  disputeReason: 'wrong_value',
  disputeDetails: 'We agreed $400,000, not $480,000.',
};
const confirmedResponse: AgencyResponse = { status: 'confirmed', at: '2026-03-12T01:00:00.000Z', byName: 'Hana Reti', disputeReason: null, disputeDetails: null };

const awaiting: AgencyNoticeDetail = {
  id: 5,
  supplier: { id: 8, name: 'Kōwhai Digital' },
  title: 'Regional services portal',
  reference: 'MRD-2026-0117',
  startDate: '2026-03-02',
  endDate: '2027-02-26',
  valueCents: 48_000_000,
  services: [{ id: 11, title: 'Web development' }],
  submittedAt: '2026-03-05T21:00:00.000Z',
  response: awaitingResponse,
  description: 'A portal for regional services.',
  confidentiality: { supplierReason: null, agencyReason: null, canChange: true },
  dispute: null,
};

function buildMessage(overrides: Partial<ThreadMessage>): ThreadMessage {
  return { id: 1, threadId: 40, content: 'Hello', attachment: null, authorName: 'Hana Reti', isFromTeam: false, isFromAgency: true, createdAt: '2026-03-10T01:00:00.000Z', ...overrides };
}

const conversation: ThreadMessage[] = [
  buildMessage({ id: 1, content: 'We agreed $400,000, not $480,000.' }),
  buildMessage({ id: 2, content: 'The variation added $80,000.', authorName: 'Ana Kōwhai', isFromAgency: false, createdAt: '2026-03-11T01:00:00.000Z' }),
  buildMessage({ id: 3, content: 'Can you both send the variation?', authorName: 'Sam Staff', isFromTeam: true, isFromAgency: false, createdAt: '2026-03-11T02:00:00.000Z' }),
];
const disputed: AgencyNoticeDetail = { ...awaiting, response: disputedResponse, dispute: { threadId: 40, isResolved: false, messages: conversation } };
const confirmed: AgencyNoticeDetail = { ...awaiting, response: confirmedResponse };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  return renderAgencyRoutesAt(createAgencyDashboardRoutes({ productName: 'Marketplace' }), path);
}

/** The API with the notice as `current()` returns it; `post` answers the POSTs. */
function answerApi(current: () => AgencyNoticeDetail, post: (path: string, body: unknown) => Promise<unknown> = () => Promise.reject(new Error('unexpected'))) {
  api.apiFetch.mockImplementation((path, options) => {
    if (options?.method === 'POST') {
      return post(path, options.body);
    }
    if (path === 'agency/engagement-notices/5') {
      return Promise.resolve(current());
    }
    if (path === 'agency/engagement-notices' || path.startsWith('agency/engagement-notices?')) {
      return Promise.resolve({ notices: [], total: 0, page: 1, pageSize: 25 });
    }
    return Promise.reject(new ApiError(404, { error: 'not found', message: 'Not found' }));
  });
}

describe("an agency's engagement notice (issue 31)", () => {
  it('shows the facts of a notice waiting for an answer, and confirms it after a dialog that says what confirming means', async () => {
    let current = awaiting;
    answerApi(
      () => current,
      (path) => {
        current = confirmed;
        return path === 'agency/engagement-notices/5/confirm' ? Promise.resolve(confirmed) : Promise.reject(new Error(path));
      },
    );
    renderAt('/engagement-notices/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Regional services portal' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Engagement notice from Kōwhai Digital')).toBeTruthy();
    const facts = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual(
      expect.arrayContaining([
        ['Supplier', 'Kōwhai Digital'],
        ['Your reference', 'MRD-2026-0117'],
        ['Services', 'Web development'],
        ['Start date', '2 March 2026'],
        ['End date', '26 February 2027'],
        ['Value (NZD, excluding GST)', '$480,000.00'],
        ['Description', 'A portal for regional services.'],
      ]),
    );
    expect(screen.getByRole('link', { name: DISPUTE_ACTION }).getAttribute('href')).toBe('/agency/engagement-notices/5/dispute');

    fireEvent.click(screen.getByRole('button', { name: CONFIRM_ACTION }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Confirm this engagement?' })).toBeTruthy();
    expect(within(dialog).getByText(/Confirming tells the Marketplace team and Kōwhai Digital that your agency engaged Kōwhai Digital/)).toBeTruthy();
    expect(api.apiFetch).not.toHaveBeenCalledWith('agency/engagement-notices/5/confirm', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, confirm it' }));

    expect(await screen.findByText(/You confirmed this engagement\./)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('agency/engagement-notices/5/confirm', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Hana Reti on 12 March 2026, 2:00 pm')).toBeTruthy();
    expect(screen.queryByRole('button', { name: CONFIRM_ACTION })).toBeNull();
    expect(screen.queryByRole('link', { name: DISPUTE_ACTION })).toBeNull();
  });

  it('says plainly when someone in the agency answered first, and shows their answer', async () => {
    let current = awaiting;
    answerApi(
      () => current,
      () => {
        current = disputed;
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'This notice was already answered.' }));
      },
    );
    renderAt('/engagement-notices/5');
    fireEvent.click(await screen.findByRole('button', { name: CONFIRM_ACTION }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, confirm it' }));
    expect(await screen.findByText(ALREADY_ANSWERED_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('The value is wrong')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('link', { name: DISPUTE_ACTION })).toBeNull();
  });

  it('disputes a notice: a reason and what is wrong are needed, in page order, then back to the notice saying so', async () => {
    let current = awaiting;
    const post = vi.fn((path: string) => {
      current = disputed;
      return path === 'agency/engagement-notices/5/dispute' ? Promise.resolve(disputed) : Promise.reject(new Error(path));
    });
    answerApi(() => current, post);
    const router = renderAt('/engagement-notices/5/dispute');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why are you disputing this engagement?' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Why are you disputing this engagement?' })).toBeTruthy();
    expect(screen.getByText(`You have ${DISPUTE_DETAILS_MAX_LENGTH.toLocaleString('en-NZ')} characters remaining`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Dispute this engagement' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([CHOOSE_DISPUTE_REASON_MESSAGE, NO_DETAILS_MESSAGE]);
    const details = screen.getByRole('textbox', { name: 'What is wrong' });
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: 'The value is wrong' }));
    fireEvent.change(details, { target: { value: '  We agreed $400,000, not $480,000.  ' } });
    expect(screen.getByText('You have 1,967 characters remaining')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dispute this engagement' }));

    expect(await screen.findByText(/You disputed this engagement\. Kōwhai Digital and the Marketplace team can now read why/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/engagement-notices/5');
    expect(post).toHaveBeenCalledWith('agency/engagement-notices/5/dispute', { reason: 'wrong_value', details: 'We agreed $400,000, not $480,000.' });
  });

  it('shows the server’s refusal of the words by the field', async () => {
    answerApi(
      () => awaiting,
      () => Promise.reject(new ApiError(400, { error: 'bad request', message: 'Invalid', details: [{ field: 'details', message: 'Say what is wrong in 2000 characters or fewer' }] })),
    );
    renderAt('/engagement-notices/5/dispute');
    fireEvent.click(await screen.findByRole('radio', { name: 'Something else' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'What is wrong' }), { target: { value: 'Not ours' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dispute this engagement' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Say what is wrong in 2000 characters or fewer' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'What is wrong' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when someone in the agency answered while the dispute was being written', async () => {
    let current = awaiting;
    answerApi(
      () => current,
      () => {
        current = confirmed;
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'Already answered.' }));
      },
    );
    renderAt('/engagement-notices/5/dispute');
    fireEvent.click(await screen.findByRole('radio', { name: 'We did not engage this supplier for this' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'What is wrong' }), { target: { value: 'Not ours' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dispute this engagement' }));
    expect(await screen.findByText('Your agency has already answered this engagement notice, so it cannot be disputed now.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('checks the dispute form as the server does, and counts the characters left', () => {
    expect(disputeFormProblems(undefined, ' ')).toEqual({ reason: CHOOSE_DISPUTE_REASON_MESSAGE, details: NO_DETAILS_MESSAGE });
    expect(disputeFormProblems('other', 'x'.repeat(DISPUTE_DETAILS_MAX_LENGTH + 1)).details).toMatch(/characters or fewer/);
    expect(disputeFormProblems('never_engaged', 'We never engaged them.')).toEqual({});
    expect(charactersLeft('abc', 4)).toBe('You have 1 character remaining');
    expect(charactersLeft('abcdef', 4)).toBe('You have 2 characters too many');
  });

  it('offers no dispute page for a notice already answered', async () => {
    answerApi(() => confirmed);
    renderAt('/engagement-notices/5/dispute');
    expect(await screen.findByText('Your agency has already answered this engagement notice, so it cannot be disputed now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: "See your agency's answer" }).getAttribute('href')).toBe('/agency/engagement-notices/5');
  });

  it('shows a disputed notice’s reason, its conversation oldest first with who wrote each, a reply, and confirming once settled', async () => {
    let current = disputed;
    const post = vi.fn((path: string, body: unknown) => {
      if (path !== 'agency/engagement-notices/5/messages') {
        return Promise.reject(new Error(path));
      }
      const content = (body as { content: string }).content;
      current = { ...disputed, dispute: { threadId: 40, isResolved: false, messages: [...conversation, buildMessage({ id: 4, content, createdAt: '2026-03-12T01:00:00.000Z' })] } };
      return Promise.resolve(current);
    });
    answerApi(() => current, post);
    renderAt('/engagement-notices/5');
    expect(await screen.findByText('The value is wrong')).toBeTruthy();
    expect(screen.getAllByText('We agreed $400,000, not $480,000.').length).toBeGreaterThan(0);
    expect(screen.getByText('Hana Reti on 10 March 2026, 2:00 pm')).toBeTruthy();
    const messages = screen.getByRole('list', { name: 'Messages about the dispute' });
    expect(within(messages).getAllByRole('listitem').map((item) => item.querySelector('.thread-message__author')?.textContent)).toEqual([
      'Hana Reti (your agency)',
      'Ana Kōwhai (Kōwhai Digital)',
      'Marketplace team',
    ]);
    expect(screen.getByRole('button', { name: CONFIRM_ACTION })).toBeTruthy();
    expect(screen.queryByRole('link', { name: DISPUTE_ACTION })).toBeNull();
    expect(screen.queryByLabelText('Attachment (optional)')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: ' Variation attached to our email. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Variation attached to our email.')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('agency/engagement-notices/5/messages', { content: 'Variation attached to our email.' });
    expect(screen.getByText(MESSAGE_SENT_ANNOUNCEMENT)).toBeTruthy();
  });

  it('says when too many messages were sent', async () => {
    answerApi(
      () => disputed,
      () => Promise.reject(new ApiError(429, { error: 'too many requests', message: 'Rate limit exceeded' })),
    );
    renderAt('/engagement-notices/5');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(TOO_MANY_MESSAGES_MESSAGE)).toBeTruthy();
  });

  it('shows who confirmed a confirmed notice, and no actions', async () => {
    answerApi(() => ({ ...confirmed, dispute: { threadId: 40, isResolved: true, messages: conversation } }));
    renderAt('/engagement-notices/5');
    expect(await screen.findByText('Hana Reti on 12 March 2026, 2:00 pm')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: CONFIRM_ACTION })).toBeNull();
    expect(screen.queryByRole('link', { name: DISPUTE_ACTION })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Messages about the dispute' })).toBeTruthy();
  });

  it('says plainly when no notice naming the agency is at the address, and offers a retry when the load fails', async () => {
    answerApi(() => awaiting);
    renderAt('/engagement-notices/9');
    expect(await screen.findByText('There is no engagement notice naming your agency at this address. The link may be wrong.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the engagement notices' }).getAttribute('href')).toBe('/agency/engagement-notices');
    cleanup();
    api.apiFetch.mockRejectedValueOnce(new ApiError(500, null));
    renderAt('/engagement-notices/5');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this engagement notice.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Regional services portal' })).toBeTruthy();
  });

  it('names who wrote a message of the dispute as the agency reads it', () => {
    expect(disputeMessageAuthor(buildMessage({ authorName: null }), 'Kōwhai Digital')).toBe('A former member of your agency (your agency)');
    expect(disputeMessageAuthor(buildMessage({ isFromAgency: false, authorName: 'Ana' }), 'Kōwhai Digital')).toBe('Ana (Kōwhai Digital)');
  });
});

/** Issue 32: the supplier marked the notice confidential; then the agency too; or confirmed with no mark, so published. */
const supplierMarked: AgencyNoticeDetail = { ...awaiting, confidentiality: { supplierReason: 'Our rates are commercially sensitive.', agencyReason: null, canChange: true } };
const bothMarked: AgencyNoticeDetail = { ...supplierMarked, confidentiality: { ...supplierMarked.confidentiality, agencyReason: 'A security project.' } };
const confirmedUnmarked: AgencyNoticeDetail = { ...confirmed, confidentiality: { supplierReason: null, agencyReason: null, canChange: false } };
const facts = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the agency’s open data answer (issue 32)', () => {
  it('says where the notice stands, with the supplier’s reason, and links to the question until it is confirmed', async () => {
    answerApi(() => supplierMarked);
    renderAt('/engagement-notices/5');
    await screen.findByRole('heading', { level: 1, name: 'Regional services portal' });
    expect(facts()).toEqual(
      expect.arrayContaining([
        ['Open data', 'Not published as open data: the supplier marked it confidential.'],
        ["Supplier's reason it is confidential", 'Our rates are commercially sensitive.'],
      ]),
    );
    expect(screen.getByRole('link', { name: AGENCY_OPEN_DATA_LINK }).getAttribute('href')).toBe('/agency/engagement-notices/5/open-data');
    cleanup();

    answerApi(() => confirmedUnmarked);
    renderAt('/engagement-notices/5');
    await screen.findByRole('heading', { level: 1, name: 'Regional services portal' });
    expect(facts()).toEqual(expect.arrayContaining([['Open data', 'Published as open data.']]));
    expect(screen.queryByRole('link', { name: AGENCY_OPEN_DATA_LINK })).toBeNull();
  });

  it('asks for a reason when it is confidential, then saves it and goes back to the notice saying so', async () => {
    let current = supplierMarked;
    const post = vi.fn((path: string) => {
      current = bothMarked;
      return path === 'agency/engagement-notices/5/confidentiality' ? Promise.resolve(bothMarked) : Promise.reject(new Error(path));
    });
    answerApi(() => current, post);
    const router = renderAt('/engagement-notices/5/open-data');
    expect(await screen.findByRole('heading', { level: 1, name: CONFIDENTIALITY_QUESTION })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const question = screen.getByRole('group', { name: CONFIDENTIALITY_QUESTION });
    expect(within(question).getByText(/Kōwhai Digital has marked it confidential: ‘Our rates are commercially sensitive\.’/)).toBeTruthy();
    // Not marked by the agency yet: the stored answer is "Yes", and the reason stays hidden.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: PUBLISH_ANSWER }).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Why is it confidential?' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: CONFIDENTIAL_ANSWER }));
    fireEvent.click(screen.getByRole('button', { name: SAVE_CONFIDENTIALITY_ACTION }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Say why this engagement is confidential']);
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Why is it confidential?' }), { target: { value: '  A security project.  ' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_CONFIDENTIALITY_ACTION }));
    expect(await screen.findByText(/You marked this engagement confidential\. It will not be published as open data\./)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/engagement-notices/5');
    expect(post).toHaveBeenCalledWith('agency/engagement-notices/5/confidentiality', { confidential: true, reason: 'A security project.' });
    expect(facts()).toEqual(expect.arrayContaining([["Agency's reason it is confidential", 'A security project.']]));
    expect(screen.getByRole('link', { name: AGENCY_CHANGE_OPEN_DATA_LINK }).getAttribute('href')).toBe('/agency/engagement-notices/5/open-data');
  });

  it('says plainly when the agency confirmed the engagement meanwhile', async () => {
    let current = supplierMarked;
    answerApi(
      () => current,
      () => {
        current = confirmedUnmarked;
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'Already confirmed.' }));
      },
    );
    renderAt('/engagement-notices/5/open-data');
    fireEvent.click(await screen.findByRole('button', { name: SAVE_CONFIDENTIALITY_ACTION }));
    expect(await screen.findByText(TOO_LATE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the engagement notice' }).getAttribute('href')).toBe('/agency/engagement-notices/5');
  });
});
