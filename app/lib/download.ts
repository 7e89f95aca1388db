/**
 * Downloads an authorised file (GET /api/v1/files/{id}): the API wants the bearer token and the
 * active supplier, which a plain link cannot send, so the file is fetched through the API client
 * and handed to the browser through an object URL under its stored name.
 */
import { useState } from 'react';
import { apiResponse } from './api';
import { saveBlob } from './save-blob';

/** Fetches the API file at `path` (e.g. `files/{id}`) and saves it as `fileName`; throws ApiError when the API refuses. */
export async function downloadApiFile(path: string, fileName: string): Promise<void> {
  const response = await apiResponse(path);
  saveBlob(await response.blob(), fileName);
}

export interface DownloadState {
  isDownloading: boolean;
  hasFailed: boolean;
  /** Starts `fetchAndSave`, unless a download is already under way (a second press is ignored). */
  download: () => void;
}

/** The state every download button shows: one download at a time, and whether the last one failed. */
export function useDownload(fetchAndSave: () => Promise<void>): DownloadState {
  const [isDownloading, setIsDownloading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const download = () => {
    if (isDownloading) {
      return;
    }
    setIsDownloading(true);
    setHasFailed(false);
    fetchAndSave().then(
      () => setIsDownloading(false),
      () => {
        setIsDownloading(false);
        setHasFailed(true);
      },
    );
  };
  return { isDownloading, hasFailed, download };
}
