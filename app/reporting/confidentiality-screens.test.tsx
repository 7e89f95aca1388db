// @vitest-environment jsdom
/**
 * Can this engagement be published as open data? (issue 32), the agency's page: the notice's facts
 * say where it stands and link to the question while it may change; the question needs a reason for
 * "No", then goes back to the notice saying so; a notice confirmed meanwhile is said plainly. The
 * supplier's page is the same form (./confidentiality-form.tsx), driven in e2e/open-data.e2e.ts.
 */
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgencyNoticeDetail } from '../../common/api/agency-engagements';
import { CONFIDENTIAL_ANSWER, CONFIDENTIALITY_QUESTION, PUBLISH_ANSWER } from '../../common/reporting/confidentiality';
import { ApiError } from '../lib/api-error';
import type { ApiRequestOptions } from '../lib/api';
import type * as PageDataModule from '../lib/page-data';
import { createAgencyDashboardRoutes } from '../agency-dashboard/routes';
import { TOO_LATE_MESSAGE } from './agency-confidentiality-screen';
import { AGENCY_CHANGE_OPEN_DATA_LINK, AGENCY_OPEN_DATA_LINK } from './agency-notice-screen';
import { SAVE_CONFIDENTIALITY_ACTION } from './confidentiality-form';
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

const awaiting: AgencyNoticeDetail = {
  id: 5,
  supplier: { id: 8, name: 'Kōwhai Digital' },
  title: 'Regional services portal',
  reference: null,
  startDate: '2026-03-02',
  endDate: '2027-02-26',
  valueCents: 48_000_000,
  services: [{ id: 11, title: 'Web development' }],
  submittedAt: '2026-03-05T21:00:00.000Z',
  response: { status: 'awaiting', at: null, byName: null, disputeReason: null, disputeDetails: null },
  description: null,
  confidentiality: { supplierReason: 'Our rates are commercially sensitive.', agencyReason: null, canChange: true },
  dispute: null,
};
const marked: AgencyNoticeDetail = { ...awaiting, confidentiality: { ...awaiting.confidentiality, agencyReason: 'A security project.' } };
const confirmed: AgencyNoticeDetail = {
  ...awaiting,
  response: { status: 'confirmed', at: '2026-03-12T01:00:00.000Z', byName: 'Hana Reti', disputeReason: null, disputeDetails: null },
  confidentiality: { supplierReason: null, agencyReason: null, canChange: false },
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function noticeApi(current: () => AgencyNoticeDetail, post: (path: string, body: unknown) => Promise<unknown>) {
  api.apiFetch.mockImplementation((path, options) => {
    if (options?.method === 'POST') {
      return post(path, options.body);
    }
    if (path === 'agency/engagement-notices/5') {
      return Promise.resolve(current());
    }
    return Promise.reject(new ApiError(404, { error: 'not found', message: 'Not found' }));
  });
}

const renderAt = (path: string) => renderAgencyRoutesAt(createAgencyDashboardRoutes({ productName: 'Marketplace' }), path);
const facts = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the agency’s open data answer (issue 32)', () => {
  it('says where the notice stands, with the supplier’s reason, and links to the question until it is confirmed', async () => {
    noticeApi(() => awaiting, () => Promise.reject(new Error('unexpected')));
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

    noticeApi(() => confirmed, () => Promise.reject(new Error('unexpected')));
    renderAt('/engagement-notices/5');
    await screen.findByRole('heading', { level: 1, name: 'Regional services portal' });
    expect(facts()).toEqual(expect.arrayContaining([['Open data', 'Published as open data.']]));
    expect(screen.queryByRole('link', { name: AGENCY_OPEN_DATA_LINK })).toBeNull();
  });

  it('asks for a reason when it is confidential, then saves it and goes back to the notice saying so', async () => {
    let current = awaiting;
    const post = vi.fn((path: string) => {
      current = marked;
      return path === 'agency/engagement-notices/5/confidentiality' ? Promise.resolve(marked) : Promise.reject(new Error(path));
    });
    noticeApi(() => current, post);
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
    let current = awaiting;
    noticeApi(
      () => current,
      () => {
        current = confirmed;
        return Promise.reject(new ApiError(409, { error: 'conflict', message: 'Already confirmed.' }));
      },
    );
    renderAt('/engagement-notices/5/open-data');
    fireEvent.click(await screen.findByRole('button', { name: SAVE_CONFIDENTIALITY_ACTION }));
    expect(await screen.findByText(TOO_LATE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the engagement notice' }).getAttribute('href')).toBe('/agency/engagement-notices/5');
  });
});
