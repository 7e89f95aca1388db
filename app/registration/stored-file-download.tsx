/**
 * A file a registration holds (its financial statement), for the team to download. A button, not a
 * link: the file needs the session's bearer token, which a link cannot send, so it is fetched and
 * saved under the name it was uploaded with (the answer's Content-Disposition).
 */
import { apiResponse } from '../lib/api';
import { useDownload } from '../lib/download';
import { saveBlob } from '../lib/save-blob';

/** The file name of a Content-Disposition header (`filename*` first), else `fallback`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed name: the plain one, or the fallback.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(header ?? '')?.[1];
  return plain ?? fallback;
}

export function StoredFileDownload({ fileId, label }: { fileId: string; label: string }) {
  const { isDownloading, hasFailed, download } = useDownload(() =>
    apiResponse(`files/${encodeURIComponent(fileId)}`).then(async (response) =>
      saveBlob(await response.blob(), dispositionFileName(response.headers.get('content-disposition'), label)),
    ),
  );

  return (
    <div>
      <button type="button" className="link-button" aria-disabled={isDownloading || undefined} onClick={download}>
        Download the {label.toLowerCase()}
      </button>{' '}
      <span role="status">{isDownloading ? 'Downloading…' : ''}</span>
      {hasFailed && (
        <p className="alert alert--error" role="alert">
          The file could not be downloaded. Check your connection and try again.
        </p>
      )}
    </div>
  );
}
