/**
 * The public listing page's documents for government buyers only (issue 31): the server draws each
 * with a note saying how a buyer gets it; for a signed-in person acting for an agency, the note
 * becomes a download button (GET /api/v1/agency/listing-documents/…, the agency in its header).
 * Anyone else keeps the note.
 */
import { downloadApiFile, useDownload } from '../lib/download';
import { useCurrentUser } from '../lib/use-current-user';

export interface BuyerDocument {
  supplierId: number;
  serviceSlug: string;
  fileId: string;
  fileName: string;
}

export const BUYER_DOWNLOAD_FAILED_MESSAGE = 'The document could not be downloaded. Check your connection and try again.';

/** The API path of a buyers-only document. */
export function buyerDocumentPath(document: Pick<BuyerDocument, 'supplierId' | 'serviceSlug' | 'fileId'>): string {
  return `agency/listing-documents/${String(document.supplierId)}/${encodeURIComponent(document.serviceSlug)}/${encodeURIComponent(document.fileId)}`;
}

export function BuyerDocumentDownload({ document, note }: { document: BuyerDocument; note: string }) {
  const currentUser = useCurrentUser();
  const { isDownloading, hasFailed, download } = useDownload(() => downloadApiFile(buyerDocumentPath(document), document.fileName));
  const agency = currentUser.data?.activeAgency;
  if (!agency) {
    return <>{note}</>;
  }
  return (
    <>
      For government buyers only: you can download it as a person of {agency.agencyName}.{' '}
      {/* Not disabled while downloading: a disabled button would drop the keyboard focus. */}
      <button type="button" className="button button--secondary" aria-disabled={isDownloading || undefined} onClick={download}>
        {isDownloading ? 'Downloading…' : <>Download<span className="visually-hidden"> {document.fileName}</span></>}
      </button>
      {hasFailed && (
        <span className="alert alert--error" role="alert">
          {BUYER_DOWNLOAD_FAILED_MESSAGE}
        </span>
      )}
    </>
  );
}
