/**
 * Downloads an authorised file (GET /api/v1/files/{id}): the API wants the bearer token and the
 * active supplier, which a plain link cannot send, so the file is fetched through the API client
 * and handed to the browser through an object URL under its stored name.
 */
import { apiResponse } from './api';
import { saveBlob } from './save-blob';

/** Fetches the API file at `path` (e.g. `files/{id}`) and saves it as `fileName`; throws ApiError when the API refuses. */
export async function downloadApiFile(path: string, fileName: string): Promise<void> {
  const response = await apiResponse(path);
  saveBlob(await response.blob(), fileName);
}
