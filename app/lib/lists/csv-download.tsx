/**
 * The CSV of every record a list's filters match. A button, not a link: the export needs the
 * session's bearer token, which a link cannot send, so the file is fetched and then saved under
 * its name (../download.ts).
 */
import '../../styles/lists.css';
import { downloadApiFile, useDownload } from '../download';

export const CSV_DOWNLOAD_FAILED_MESSAGE = 'The CSV file could not be downloaded. Check your connection and try again.';

/** The download button of `path` (an API path): while it downloads it says so and ignores further presses; a failure says what to do. */
export function CsvDownload({
  path,
  fileName,
  description,
  label = 'Download as CSV',
}: {
  path: string;
  fileName: string;
  description: string;
  /** The button's words. */
  label?: string;
}) {
  const { isDownloading, hasFailed, download } = useDownload(() => downloadApiFile(path, fileName));
  return (
    <div className="csv-download">
      <p className="csv-download__description">{description}</p>
      {/* Not disabled while downloading: a disabled button would drop the keyboard focus. */}
      <button type="button" className="button button--secondary" aria-disabled={isDownloading || undefined} onClick={download}>
        {isDownloading ? 'Downloading…' : label}
      </button>
      <p className="csv-download__status" role="status">
        {isDownloading ? 'Preparing the CSV file…' : ''}
      </p>
      {hasFailed && (
        <p className="alert alert--error" role="alert">
          {CSV_DOWNLOAD_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
