/**
 * The directory's two public endpoints (spec §7): the search (POST to the page's `formAction`) and
 * the CSV export (GET `exportAction`). Public, so plain same-origin fetch without the API client's
 * bearer token or supplier header.
 */
import type { DirectorySearchRequest, DirectorySearchResponse } from '../../common/api/directory';
import { isDirectorySearchResponse } from './directory-shapes';

export class DirectoryRequestError extends Error {
  override name = 'DirectoryRequestError';
}

export const directoryQueryKeys = {
  search: (formAction: string, request: DirectorySearchRequest) => ['directory', 'search', formAction, request] as const,
};

/** Posts the search and resolves to the checked answer; throws DirectoryRequestError otherwise. */
export async function searchDirectory(
  formAction: string,
  request: DirectorySearchRequest,
  signal?: AbortSignal,
): Promise<DirectorySearchResponse> {
  const response = await fetch(formAction, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) {
    throw new DirectoryRequestError(`The directory search answered ${response.status}`);
  }
  const body: unknown = await response.json();
  if (!isDirectorySearchResponse(body)) {
    throw new DirectoryRequestError('The directory search answered in an unexpected shape');
  }
  return body;
}

/** Fetches the CSV export at `url` as a file. */
export async function fetchDirectoryCsv(url: string): Promise<Blob> {
  const response = await fetch(url, { headers: { Accept: 'text/csv' }, credentials: 'same-origin' });
  if (!response.ok) {
    throw new DirectoryRequestError(`The directory export answered ${response.status}`);
  }
  return response.blob();
}
