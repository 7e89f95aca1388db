/**
 * Mounts a download button in place of the note of each buyers-only document on the public listing
 * page (./buyer-document-download.tsx). Loaded only for a browser with a session (app/mount-apps.ts).
 */
import { renderApp } from '../lib/app-root';
import { BuyerDocumentDownload, type BuyerDocument } from './buyer-document-download';

function readDocument(element: HTMLElement): BuyerDocument | null {
  try {
    const value: unknown = JSON.parse(element.dataset.buyerDocument ?? '');
    const candidate = value as Partial<BuyerDocument> | null;
    return candidate && typeof candidate.supplierId === 'number' && typeof candidate.serviceSlug === 'string' && typeof candidate.fileId === 'string' && typeof candidate.fileName === 'string'
      ? (candidate as BuyerDocument)
      : null;
  } catch {
    return null;
  }
}

export function mount(element: HTMLElement): void {
  for (const note of element.querySelectorAll<HTMLElement>('[data-buyer-document]')) {
    const document = readDocument(note);
    if (document) {
      renderApp(note, <BuyerDocumentDownload document={document} note={note.textContent} />);
    }
  }
}
