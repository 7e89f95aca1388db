/**
 * Downloads an authorised file (GET /api/v1/files/{id}): the API wants the bearer token and the
 * active supplier, which a plain link cannot send, so the file is fetched with them (as apiFetch
 * does) and handed to the browser through an object URL under its stored name.
 */
import { saveBlob } from './save-blob';
import { SESSION_EXPIRED_ERROR, SUPPLIER_HEADER } from '../../common/constants';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from './api-error';
import { getAccessToken, renewSession } from './auth';
import { getPageData } from './page-data';
import { queryClient, queryKeys } from './query-client';

function fetchFile(path: string, accessToken: string | undefined): Promise<Response> {
  const headers = new Headers();
  if (accessToken !== undefined) {
    headers.set('Authorization', `Bearer ${accessToken}`);
  }
  const supplierId = queryClient.getQueryData<CurrentUserResponse>(queryKeys.currentUser)?.activeSupplier?.supplierID;
  if (supplierId !== undefined) {
    headers.set(SUPPLIER_HEADER, String(supplierId));
  }
  return fetch(`${getPageData().apiBase}${path.replace(/^\/+/, '')}`, { headers, credentials: 'same-origin' });
}

/** A lost session, as apiFetch sees it: 401, or 403 'session expired' (spec §8). */
async function isSessionLost(response: Response): Promise<boolean> {
  if (response.status === 401) {
    return true;
  }
  if (response.status !== 403) {
    return false;
  }
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && 'error' in body && body.error === SESSION_EXPIRED_ERROR;
  } catch {
    return false;
  }
}


/**
 * Fetches the API file at `path` (e.g. `files/{id}`) with the session and saves it as `fileName`;
 * an expired session is renewed once. Throws ApiError when the API refuses.
 */
export async function downloadApiFile(path: string, fileName: string): Promise<void> {
  let response = await fetchFile(path, await getAccessToken());
  if (await isSessionLost(response)) {
    const renewed = await renewSession();
    if (renewed) {
      response = await fetchFile(path, renewed.access_token);
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, null);
  }
  saveBlob(await response.blob(), fileName);
}
