// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Type } from 'typebox';
import { RemoveSupplierUserResponseSchema, SupplierUsersResponseSchema } from '../../common/api/users';
import { NoContentResponseSchema } from '../../common/api/http';
import { AGENCY_HEADER, SUPPLIER_HEADER } from '../../common/constants';
import { buildAgency, buildCurrentUser, buildSupplier } from '../test/factories';
import { ApiError, apiFetch, ApiResponseError } from './api';
import { describeApiFailure, UNREADABLE_RESPONSE_MESSAGE } from './api-error';
import { queryClient, queryKeys } from './query-client';

const auth = vi.hoisted(() => ({
  getAccessToken: vi.fn(() => Promise.resolve<string | undefined>('token-1')),
  renewSession: vi.fn(() => Promise.resolve<{ access_token: string } | null>({ access_token: 'token-2' })),
  signIn: vi.fn(() => Promise.resolve()),
}));
vi.mock('./auth', () => auth);
vi.mock('./page-data', () => ({ getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' } }) }));

const fetchMock = vi.fn<typeof fetch>();
const OkSchema = Type.Object({ ok: Type.Boolean() });
const NO_USERS = { users: [], invitations: [] };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function sentHeaders(call: number): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

/** oidc-client-ts's key for the signed-in user of the page data above (app/lib/stored-session.ts). */
const STORED_USER_KEY = 'oidc.user:http://localhost/oidc:portal';

/** A session as oidc-client-ts stores it, its access token expiring `seconds` from now. */
function storeSession(accessToken: string, seconds: number): void {
  window.localStorage.setItem(STORED_USER_KEY, JSON.stringify({ access_token: accessToken, refresh_token: 'refresh', token_type: 'Bearer', expires_at: Math.floor(Date.now() / 1000) + seconds, profile: {} }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  storeSession('token-1', 600);
});

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.clearAllMocks();
  queryClient.clear();
});

describe('apiFetch', () => {
  it('sends the bearer token and the active supplier, and resolves to the JSON answer', async () => {
    queryClient.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [buildSupplier({ supplierID: 42 })] }));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiFetch('user/details', OkSchema)).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/user/details');
    expect(sentHeaders(0).get('Authorization')).toBe('Bearer token-1');
    expect(sentHeaders(0).get(SUPPLIER_HEADER)).toBe('42');
    expect(sentHeaders(0).has(AGENCY_HEADER)).toBe(false);
  });

  it('sends the active agency beside the remembered supplier while the person acts for an agency (issue 31)', async () => {
    const agency = buildAgency({ agencyID: 7 });
    queryClient.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [buildSupplier({ supplierID: 42 })], agencies: [agency], activeAgency: agency }));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await apiFetch('agency/users', OkSchema);
    expect(sentHeaders(0).get(AGENCY_HEADER)).toBe('7');
    expect(sentHeaders(0).get(SUPPLIER_HEADER)).toBe('42');
  });

  it('reads the token from the stored session without the identity client while it has not expired', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await apiFetch('user/details', OkSchema);
    expect(sentHeaders(0).get('Authorization')).toBe('Bearer token-1');
    expect(auth.getAccessToken).not.toHaveBeenCalled();
  });

  it('asks the identity client for a renewed token once the stored one has expired', async () => {
    storeSession('token-old', -5);
    auth.getAccessToken.mockResolvedValueOnce('token-renewed');
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await apiFetch('user/details', OkSchema);
    expect(auth.getAccessToken).toHaveBeenCalledOnce();
    expect(sentHeaders(0).get('Authorization')).toBe('Bearer token-renewed');
  });

  it('sends no token and does not ask the identity client when the browser holds no session (public forms)', async () => {
    window.localStorage.removeItem(STORED_USER_KEY);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiFetch('agency-form', OkSchema)).resolves.toEqual({ ok: true });
    expect(sentHeaders(0).has('Authorization')).toBe(false);
    expect(auth.getAccessToken).not.toHaveBeenCalled();
  });

  it('sends no supplier or agency header before the current user is known, and JSON bodies as JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('user/invitations/3', NoContentResponseSchema, { method: 'POST', body: { email: 'a@b.nz' } })).resolves.toBeNull();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(sentHeaders(0).has(SUPPLIER_HEADER)).toBe(false);
    expect(sentHeaders(0).has(AGENCY_HEADER)).toBe(false);
    expect(sentHeaders(0).get('Content-Type')).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.nz"}');
  });

  it('throws an ApiError with the status and error body', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: 'not found', message: 'No such application.' }));
    const error: unknown = await apiFetch('application/9', OkSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { error: 'not found' }, message: 'No such application.' });
  });

  it('renews an expired session once and retries (spec §4, §8)', async () => {
    fetchMock
      .mockResolvedValueOnce(json(403, { error: 'session expired', message: 'Sign in again.' }))
      .mockResolvedValueOnce(json(200, NO_USERS));
    await expect(apiFetch('user/users', SupplierUsersResponseSchema)).resolves.toEqual(NO_USERS);
    expect(auth.renewSession).toHaveBeenCalledOnce();
    expect(sentHeaders(1).get('Authorization')).toBe('Bearer token-2');
  });

  it('sends the user to sign in when the session cannot be renewed', async () => {
    auth.renewSession.mockResolvedValueOnce(null);
    fetchMock.mockResolvedValueOnce(json(403, { error: 'session expired', message: 'Sign in again.' }));
    await expect(apiFetch('user/users', SupplierUsersResponseSchema)).rejects.toMatchObject({ isSessionExpired: true });
    expect(auth.signIn).toHaveBeenCalledWith(window.location.href);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('does not renew on other refusals', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'forbidden', message: 'Admins only.' }));
    await expect(apiFetch('user/users', SupplierUsersResponseSchema)).rejects.toMatchObject({ status: 403, isSessionExpired: false });
    expect(auth.renewSession).not.toHaveBeenCalled();
  });

  it('refuses a 2xx answer of the wrong shape with a plain-English error, not the answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { users: [{ id: '1', name: 'Ana' }] }));
    const error: unknown = await apiFetch('user/users', SupplierUsersResponseSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ path: 'user/users', message: UNREADABLE_RESPONSE_MESSAGE });
    expect(describeApiFailure(error)).toBe(
      'The server sent an answer we could not read. Try again, and contact us if it keeps happening.',
    );
  });

  it('refuses an answer that is not JSON, or empty where a body is declared', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Gateway</html>', { status: 200 }));
    await expect(apiFetch('supplier-user/remove', RemoveSupplierUserResponseSchema)).rejects.toBeInstanceOf(ApiResponseError);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('supplier-user/remove', RemoveSupplierUserResponseSchema)).rejects.toBeInstanceOf(ApiResponseError);
  });
});
