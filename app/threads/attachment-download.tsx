import type { ThreadMessage } from '../../common/api/threads';
import { downloadApiFile, useDownload } from '../lib/download';
import { DOWNLOAD_FAILED_MESSAGE } from './messages';

type Attachment = NonNullable<ThreadMessage['attachment']>;

/**
 * A message's attachment. A button, not a link: the file needs the session's bearer token, which a
 * link cannot send, so it is fetched and then saved under its name (app/lib/download.ts).
 */
export function AttachmentDownload({ attachment }: { attachment: Attachment }) {
  const { isDownloading, hasFailed, download } = useDownload(() => downloadApiFile(`files/${encodeURIComponent(attachment.id)}`, attachment.fileName));

  return (
    <div className="thread-attachment">
      <button
        type="button"
        className="link-button thread-attachment__button"
        aria-disabled={isDownloading || undefined}
        onClick={download}
      >
        <span className="visually-hidden">Download attachment</span> {attachment.fileName}
      </button>
      <span className="thread-attachment__status" role="status">
        {isDownloading ? 'Downloading…' : ''}
      </span>
      {hasFailed && (
        <p className="thread-attachment__error" role="alert">
          {DOWNLOAD_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
