/**
 * The files behind the demo listings' documents (issue 30), so that on first start a listing's
 * public page downloads a document, names one for buyers only, and the team's console downloads
 * every one: Kōwhai Digital's published listing has a rate card (public) and its terms of
 * engagement (buyers only); Tūī Cyber's live listing has the insurance certificate that expired.
 * Small text files, stored like uploads (a row in uploaded_files, the bytes in storage).
 */
import type { Database } from '../db/client';
import { uploadedFiles } from '../db/schema/index';
import type { Storage } from '../storage/index';

export interface DemoDocument {
  /** The file id the listing's answers name. */
  id: string;
  /** The supplier that owns it, by trading name. */
  supplier: string;
  fileName: string;
  contentType: string;
  body: string;
}

export const DEMO_RATE_CARD: DemoDocument = {
  id: '2b7e4c1a-5d3f-4e8a-9c6b-1f0a2d3e4b5c',
  supplier: 'Kōwhai Digital',
  fileName: 'kowhai-digital-rate-card-2026.csv',
  contentType: 'text/csv; charset=utf-8',
  body: [
    'Role,Day rate (NZD excluding GST),Notes',
    'Lead consultant,1850,Accountable for the engagement',
    'Senior practitioner,1450,Delivery and reviews',
    'Practitioner,1150,Delivery',
    'Accessibility specialist,1350,Audits against WCAG 2.2',
    '',
  ].join('\r\n'),
};

export const DEMO_TERMS: DemoDocument = {
  id: '8d1c0b9a-7e6f-4a5b-8c3d-2e1f0a9b8c7d',
  supplier: 'Kōwhai Digital',
  fileName: 'kowhai-digital-terms-of-engagement.txt',
  contentType: 'text/plain; charset=utf-8',
  body: [
    'Kōwhai Digital: terms of engagement for public sector agencies',
    '',
    '1. Work starts on a statement of work signed by both parties.',
    '2. We invoice monthly in arrears against the hours recorded.',
    '3. Everything we make for the agency belongs to the agency.',
    '4. Either party may end the engagement with 10 working days’ notice.',
    '',
  ].join('\n'),
};

export const DEMO_EXPIRED_CERTIFICATE: DemoDocument = {
  id: '6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c',
  supplier: 'Tūī Cyber',
  fileName: 'tui-cyber-professional-indemnity-certificate.txt',
  contentType: 'text/plain; charset=utf-8',
  body: [
    'Certificate of insurance: professional indemnity',
    '',
    'Insured: Tūī Cyber Limited',
    'Limit of indemnity: NZD 2,000,000 any one claim',
    'This certificate is a demonstration and insures nothing.',
    '',
  ].join('\n'),
};

const DEMO_DOCUMENTS = [DEMO_RATE_CARD, DEMO_TERMS, DEMO_EXPIRED_CERTIFICATE];

const storageKey = (document: DemoDocument) => `uploads/demo/${document.id}`;

/** Stores the documents' bytes; storing them again replaces them, so a seed that is retried is harmless. */
export async function storeDemoListingDocuments(storage: Storage): Promise<void> {
  for (const document of DEMO_DOCUMENTS) {
    const bytes = Buffer.from(document.body, 'utf8');
    await storage.put(storageKey(document), bytes, { contentType: document.contentType, size: bytes.length });
  }
}

/** The documents' rows, each owned by its supplier (by trading name) and uploaded by `uploaderOf` it. */
export async function insertDemoListingDocumentRows(
  tx: Database,
  supplierIdOf: (tradingName: string) => number,
  uploaderOf: (supplierId: number) => number | null,
): Promise<void> {
  await tx.insert(uploadedFiles).values(
    DEMO_DOCUMENTS.map((document) => {
      const supplierId = supplierIdOf(document.supplier);
      return {
        id: document.id,
        supplierId,
        folder: 'ListingDocuments',
        fileName: document.fileName,
        contentType: document.contentType,
        size: Buffer.byteLength(document.body, 'utf8'),
        storageKey: storageKey(document),
        uploadedByUserId: uploaderOf(supplierId),
      };
    }),
  );
}
