// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Type } from 'typebox';
import { RemoveSupplierUserResponseSchema, SupplierUsersResponseSchema } from '../../common/api/users';
import { NoContentResponseSchema } from '../../common/api/http';
import { SUPPLIER_HEADER } from '../../common/constants';
import { buildCurrentUser, buildSupplier } from '../test/factories';
import { ApiError, apiFetch, ApiResponseError } from './api';
import { describeApiFailure, UNREADABLE_RESPONSE_MESSAGE } from './api-error';
import { queryClient, queryKeys } from './query-client';

const auth = vi.hoisted(() => ({
  getAccessToken: vi.fn(() => Promise.resolve<string | undefined>('token-1')),
  renewSession: vi.fn(() => Promise.resolve<{ access_token: string } | null>({ access_token: 'token-2' })),
  signIn: vi.fn(() => Promise.resolve()),
}));
vi.mock('./auth', () => auth);
vi.mock('./page-data', () => ({ getPageData: () => ({ apiBase: '/api/v1/' }) }));

const fetchMock = vi.fn<typeof fetch>();
const OkSchema = Type.Object({ ok: Type.Boolean() });
const NO_USERS = { users: [], invitations: [] };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function sentHeaders(call: number): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
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
  });

  it('sends no supplier header before the active supplier is known, and JSON bodies as JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('user/invitations/3', NoContentResponseSchema, { method: 'POST', body: { email: 'a@b.nz' } })).resolves.toBeNull();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(sentHeaders(0).has(SUPPLIER_HEADER)).toBe(false);
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
