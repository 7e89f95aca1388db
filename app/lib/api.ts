/**
 * The API client of the apps: JSON over fetch to the page's API base, with the bearer token and the
 * active supplier (spec §7). An expired session is renewed once and the call retried (spec §4, §8).
 */
import { SUPPLIER_HEADER } from '../../common/constants';
import type { ErrorResponse } from '../../common/api/http';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from './api-error';
import { getAccessToken, renewSession, signIn } from './auth';
import { getPageData } from './page-data';
import { queryClient, queryKeys } from './query-client';

export { ApiError } from './api-error';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as is when FormData (uploads). */
  body?: unknown;
  /** Extra request headers (e.g. the upload's `folder`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The active supplier as the current-user query last saw it (shared by all apps on the page). */
function activeSupplierId(): number | undefined {
  return queryClient.getQueryData<CurrentUserResponse>(queryKeys.currentUser)?.activeSupplier?.supplierID;
}

function send(path: string, options: ApiRequestOptions, accessToken: string | undefined): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  if (accessToken !== undefined) {
    headers.set('Authorization', `Bearer ${accessToken}`);
  }
  const supplierId = activeSupplierId();
  if (supplierId !== undefined) {
    headers.set(SUPPLIER_HEADER, String(supplierId));
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

function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof value.error === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return new ApiError(response.status, isErrorResponse(body) ? body : null);
}

async function readBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * Calls the API at `path` (relative to the API base, e.g. `user/switch/3`) and resolves to its 2xx
 * response; throws ApiError for any other answer. A lost session (401, or 403 'session expired') is
 * renewed once and the call retried; when renewal fails the user is sent to sign in.
 */
export async function apiResponse(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const response = await send(path, options, await getAccessToken());
  if (response.ok) {
    return response;
  }
  const error = await toApiError(response);
  if (!(error.isSessionExpired || error.status === 401)) {
    throw error;
  }
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

/** Calls the API at `path` as apiResponse does and resolves to the JSON answer. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return readBody<T>(await apiResponse(path, options));
}
