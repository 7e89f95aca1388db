// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundJob, BackgroundJobListResponse, BackgroundJobSummary } from '../../common/api/background-jobs';
import type { CurrentUserResponse } from '../../common/api/user';
import { formatDateTime } from '../../common/dates';
import type { ApiRequestOptions } from '../lib/api';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser } from '../test/factories';
import { createTeamRoutes } from '../team/routes';
import { ALREADY_HANDLED_MESSAGE, NOT_A_TEAM_ADMIN_MESSAGE } from './background-jobs-screen';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(() => Promise.resolve(undefined)), renewSession: vi.fn() }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const teamUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const teamMember: CurrentUserResponse = { ...teamUser, user: { ...teamUser.user, name: 'Sam Staff', isTeamMember: true } };

const failedMail: BackgroundJob = {
  id: '6f1c1a52-41c4-4a57-9d55-0d1f3b1c9a01',
  label: 'Email',
  description: '“You are invited to join Kōwhai Digital” to aroha@example.com',
  recipient: 'aroha@example.com',
  state: 'failed',
  attempts: 11,
  maxAttempts: 11,
  createdAt: '2026-11-20T01:00:00.000Z',
  nextAttemptAt: null,
  reason: '550 5.1.1 Recipient address rejected: user unknown',
};
const NEXT_TRY = '2026-11-29T03:30:00.000Z';
const waitingMail: BackgroundJob = {
  ...failedMail,
  id: '6f1c1a52-41c4-4a57-9d55-0d1f3b1c9a02',
  description: '“Your application was approved” to tama@example.com',
  recipient: 'tama@example.com',
  state: 'retry',
  attempts: 2,
  nextAttemptAt: NEXT_TRY,
  reason: 'Connection timeout',
};

interface Stub {
  summary?: BackgroundJobSummary;
  jobs?: BackgroundJob[];
  act?: (path: string) => Promise<unknown>;
}

function stubApi({ summary = { failed: 1, waiting: 1, canManage: true }, jobs = [waitingMail, failedMail], act }: Stub) {
  api.apiFetch.mockImplementation((path: string, options?: ApiRequestOptions) => {
    if (path === 'admin/background-jobs/summary') {
      return Promise.resolve(summary);
    }
    if (path.startsWith('admin/background-jobs') && options?.method === 'POST') {
      return act ? act(path) : Promise.reject(new Error(`unexpected ${path}`));
    }
    if (path.startsWith('admin/background-jobs')) {
      const list: BackgroundJobListResponse = { jobs, total: jobs.length, page: 1, pageSize: 20 };
      return Promise.resolve(list);
    }
    if (path === 'admin/threads/unread-count') {
      return Promise.resolve({ unreadMessages: 0, unreadThreads: 0 });
    }
    if (path === 'admin/queues') {
      return Promise.resolve({ at: '2026-11-24T00:00:00.000Z', reviewTargetDays: 10, overdueBefore: '2026-11-10T00:00:00.000Z', queues: [] });
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
}

function renderTeamApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.currentUser, teamMember);
  const router = createMemoryRouter(createTeamRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text, { selector: '.list-table__detail' })).closest('tr') as HTMLElement;
const cellOf = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent;

describe('failed mail and jobs', () => {
  it('lists each job with what it is, why it failed, its tries and its next try, without ids or queue names', async () => {
    stubApi({});
    renderTeamApp('/background-jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed mail and jobs' })).toBeTruthy();
    const failed = await rowOf(failedMail.description);
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(cellOf(failed, 'Why it failed')).toBe(failedMail.reason);
    expect(cellOf(failed, 'Tries')).toBe('11 of 11');
    expect(cellOf(failed, 'Next try')).toBe('Not unless you retry it');
    expect(within(failed).getByRole('button', { name: `Retry ${failedMail.description}` })).toBeTruthy();
    expect(within(failed).getByRole('button', { name: `Dismiss ${failedMail.description}` })).toBeTruthy();
    const waiting = await rowOf(waitingMail.description);
    expect(within(waiting).getByText('Waiting to retry')).toBeTruthy();
    expect(cellOf(waiting, 'Next try')).toBe(formatDateTime(NEXT_TRY));
    expect(within(waiting).getByRole('button', { name: `Retry now ${waitingMail.description}` })).toBeTruthy();
    expect(screen.getByText('1 failed and 1 waiting to retry.')).toBeTruthy();
    const page = document.body.textContent;
    expect(page).not.toContain(failedMail.id);
    expect(page).not.toContain('send-mail');
    expect(screen.getByRole('navigation', { name: 'Team console' }).textContent).toContain('Failed mail and jobs');
  });

  it('retries a job and says what will happen', async () => {
    stubApi({ act: () => Promise.resolve({ outcome: 'retried', job: failedMail }) });
    renderTeamApp('/background-jobs');
    fireEvent.click(await screen.findByRole('button', { name: `Retry ${failedMail.description}` }));
    expect(await screen.findByText(`The email ${failedMail.description} will be tried again in the next few seconds. If it fails again, it will be listed here.`)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith(`admin/background-jobs/${failedMail.id}/retry`, { method: 'POST' });
  });

  it('asks before cancelling, does nothing when the person keeps it, and cancels when they confirm', async () => {
    stubApi({ act: () => Promise.resolve({ outcome: 'cancelled', job: waitingMail }) });
    renderTeamApp('/background-jobs');
    fireEvent.click(await screen.findByRole('button', { name: `Cancel ${waitingMail.description}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Cancel this email?' })).toBeTruthy();
    expect(dialog.textContent).toContain(`${waitingMail.description} will not be tried again, so it will not be sent.`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.apiFetch.mock.calls.some(([path]) => String(path).endsWith('/cancel'))).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: `Cancel ${waitingMail.description}` }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel the email' }));
    expect(await screen.findByText(`The email ${waitingMail.description} was cancelled: it will not be tried again.`)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.apiFetch).toHaveBeenCalledWith(`admin/background-jobs/${waitingMail.id}/cancel`, { method: 'POST' });
  });

  it('says so when someone else dealt with the job first', async () => {
    stubApi({ act: () => Promise.reject(new ApiError(404, { error: 'not found', message: 'gone' })) });
    renderTeamApp('/background-jobs');
    fireEvent.click(await screen.findByRole('button', { name: `Retry ${failedMail.description}` }));
    expect(await screen.findByText(ALREADY_HANDLED_MESSAGE)).toBeTruthy();
  });

  it('says what an empty list means', async () => {
    stubApi({ summary: { failed: 0, waiting: 0, canManage: true }, jobs: [] });
    renderTeamApp('/background-jobs');
    expect(await screen.findByRole('heading', { level: 2, name: 'No failed or waiting mail or jobs' })).toBeTruthy();
    expect(screen.getByText(/Every email has been sent and every background job has finished/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells a team member who is not an admin who can help, without asking for the list', async () => {
    stubApi({ summary: { failed: 2, waiting: 0, canManage: false } });
    renderTeamApp('/background-jobs');
    expect(await screen.findByText(NOT_A_TEAM_ADMIN_MESSAGE)).toBeTruthy();
    expect(api.apiFetch.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('admin/background-jobs'))).toEqual(['admin/background-jobs/summary']);
  });

  it('says when the list could not be loaded, with a way to try again', async () => {
    api.apiFetch.mockRejectedValue(new ApiError(500, null));
    renderTeamApp('/background-jobs');
    expect(await screen.findByText(/^We could not load failed mail and jobs\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the console home', () => {
  it('counts failed and waiting jobs for a team admin, linked to their screen', async () => {
    stubApi({ summary: { failed: 2, waiting: 1, canManage: true } });
    renderTeamApp('');
    const section = await screen.findByRole('region', { name: 'Mail and background jobs' });
    expect(section.textContent).toContain('2 failed and 1 waiting to retry.');
    expect(within(section).getByRole('link', { name: 'See failed mail and jobs' }).getAttribute('href')).toBe('/admin/background-jobs');
  });

  it('says when nothing failed, and shows nothing to a team member who is not an admin', async () => {
    stubApi({ summary: { failed: 0, waiting: 0, canManage: true } });
    renderTeamApp('');
    expect((await screen.findByRole('region', { name: 'Mail and background jobs' })).textContent).toContain('No email or background job has failed.');
    cleanup();
    stubApi({ summary: { failed: 2, waiting: 0, canManage: false } });
    renderTeamApp('');
    await screen.findByRole('heading', { level: 1, name: 'Team console' });
    await screen.findByText(/The review target is/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.apiFetch.mock.calls.map(([path]) => String(path))).toContain('admin/background-jobs/summary');
    expect(screen.queryByRole('region', { name: 'Mail and background jobs' })).toBeNull();
  });
});
