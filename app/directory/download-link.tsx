import { isPlainClick } from './plain-click';

export const DOWNLOAD_LABEL = 'Download Selected Suppliers';
export const DOWNLOAD_FAILED_MESSAGE = 'The list could not be downloaded. Try again in a moment.';

/**
 * The CSV of the shown results (spec §2, §9). A real link to the export with the file name, so it can
 * be copied or opened in a new tab; a plain click fetches the file instead, so the page knows when
 * the download ends (searches wait for it, spec §4) and can say when it failed.
 */
export function DownloadLink({
  href,
  fileName,
  isDownloading,
  hasFailed,
  onDownload,
}: {
  href: string;
  fileName: string;
  isDownloading: boolean;
  hasFailed: boolean;
  onDownload: () => void;
}) {
  return (
    <div className="download-link">
      <a
        className="button button--secondary download-link__button"
        href={href}
        download={fileName}
        aria-disabled={isDownloading || undefined}
        onClick={(event) => {
          if (!isPlainClick(event)) {
            return;
          }
          event.preventDefault();
          onDownload();
        }}
      >
        {DOWNLOAD_LABEL}
      </a>
      <p className="download-link__status" role="status">
        {isDownloading ? 'Preparing the download…' : ''}
      </p>
      {hasFailed && (
        <p className="download-link__error" role="alert">
          {DOWNLOAD_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
