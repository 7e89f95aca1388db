/**
 * The API client of the apps: JSON over fetch to the page's API base, with the bearer token, the
 * active supplier (spec §7) and the active agency (issue 31). An expired session is renewed once and the call retried (spec §4, §8).
 */
import type { Static, TSchema } from 'typebox';
import { AGENCY_HEADER, SUPPLIER_HEADER } from '../../common/constants';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError, ApiResponseError } from './api-error';
import type * as AuthModule from './auth';
import type * as ResponseChecksModule from './response-checks';
import { getPageData } from './page-data';
import { queryClient, queryKeys } from './query-client';
import { isExpired, readStoredSession, storedSessionKey } from './stored-session';

export { ApiError, ApiResponseError } from './api-error';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as is when FormData (uploads). */
  body?: unknown;
  /** Extra request headers (e.g. the upload's `folder`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The current user as the current-user query last saw it (shared by all apps on the page). */
function cachedCurrentUser(): CurrentUserResponse | undefined {
  return queryClient.getQueryData<CurrentUserResponse>(queryKeys.currentUser);
}

function send(path: string, options: ApiRequestOptions, accessToken: string | undefined): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  if (accessToken !== undefined) {
    headers.set('Authorization', `Bearer ${accessToken}`);
  }
  const currentUser = cachedCurrentUser();
  const supplierId = currentUser?.activeSupplier?.supplierID;
  if (supplierId !== undefined) {
    headers.set(SUPPLIER_HEADER, String(supplierId));
  }
  const agencyId = currentUser?.activeAgency?.agencyID;
  if (agencyId !== undefined) {
    headers.set(AGENCY_HEADER, String(agencyId));
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const url = `${getPageData().apiBase}${path.replace(/^\/+/, '')}`;
  return fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal, credentials: 'same-origin' });
}

type Auth = typeof AuthModule;
let auth: Promise<Auth> | undefined;
/** The identity client, loaded only to renew a session (app/lib/session.tsx). */
function loadAuth(): Promise<Auth> {
  auth ??= import('./auth');
  return auth;
}

/** The stored session's access token, renewed first when expired; undefined when signed out (public forms). */
async function currentAccessToken(): Promise<string | undefined> {
  const session = readStoredSession(storedSessionKey(getPageData().auth));
  if (session === null) {
    return undefined;
  }
  return isExpired(session) ? (await loadAuth()).getAccessToken() : session.accessToken;
}

type ResponseChecks = typeof ResponseChecksModule;
let responseChecks: Promise<ResponseChecks> | undefined;
/** Loaded with the first answer to read (see response-checks.ts: typebox stays off signed-out pages). */
function loadResponseChecks(): Promise<ResponseChecks> {
  responseChecks ??= import('./response-checks');
  return responseChecks;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const { readErrorBody } = await loadResponseChecks();
  return new ApiError(response.status, readErrorBody(body));
}

/** The JSON answer checked against `schema`; an empty body (204) reads as null. */
async function readBody<S extends TSchema>(path: string, response: Response, schema: S): Promise<Static<S>> {
  const text = await response.text();
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiResponseError(path, 'not JSON');
    }
  }
  const { findMismatch } = await loadResponseChecks();
  const mismatch = findMismatch(schema, body);
  if (mismatch !== null) {
    throw new ApiResponseError(path, mismatch);
  }
  return body as Static<S>;
}

/**
 * Calls the API at `path` (relative to the API base, e.g. `user/switch/3`) and resolves to its 2xx
 * response; throws ApiError for any other answer. A lost session (401, or 403 'session expired') is
 * renewed once and the call retried; when renewal fails the user is sent to sign in.
 */
export async function apiResponse(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const response = await send(path, options, await currentAccessToken());
  if (response.ok) {
    return response;
  }
  const error = await toApiError(response);
  if (!(error.isSessionExpired || error.status === 401)) {
    throw error;
  }
  const { renewSession, signIn } = await loadAuth();
  const renewed = await renewSession();
  if (!renewed) {
    await signIn(window.location.href);
    throw error;
  }
  const retried = await send(path, options, renewed.access_token);
  if (retried.ok) {
    return retried;
  }
  throw await toApiError(retried);
}

/**
 * Calls the API at `path` as apiResponse does and resolves to the JSON answer, checked against
 * `schema`: the route's response schema from common/api (NoContentResponseSchema for a 204). An
 * answer of another shape throws ApiResponseError, which screens show as their error state.
 */
export async function apiFetch<S extends TSchema>(path: string, schema: S, options: ApiRequestOptions = {}): Promise<Static<S>> {
  return readBody(path, await apiResponse(path, options), schema);
}
