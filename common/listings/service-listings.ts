/**
 * Service listings (issue 30; spec §4 stages 4–6): what a supplier offers for one service it was
 * granted, as buyers will read it. The form itself is stored content
 * (`server/db/content/listing-forms.ts`); this file names its steps and the fields the portal
 * reads, the listing's statuses and what each means, and the rules both sides run. The codes are
 * what the API stores and sends.
 */
import type { StatusTone } from '../application-stages';
import { isRecord } from '../is-record';

export const SERVICE_LISTING_FORM_KEY = 'service-listing';

/**
 * A listing's review status, about its working copy (what the supplier is writing):
 * - `draft`: the supplier's to write and send; never sent, or changed since its last publication.
 * - `in_review`: sent; the team checks it and the supplier cannot change it meanwhile.
 * - `changes_requested`: the team sent it back with its reasons; the supplier's to change and send again.
 * - `approved`: the team approved it; it goes live when the application is published (stage 6).
 * - `published`: the working copy is the live version; nothing waits.
 * Separately, a listing that was ever published keeps its live version public whatever its
 * working copy's status (issue 30: a live listing's change is reviewed before it goes live).
 */
export const SERVICE_LISTING_STATUS_CODES = ['draft', 'in_review', 'changes_requested', 'approved', 'published'] as const;
export type ServiceListingStatus = (typeof SERVICE_LISTING_STATUS_CODES)[number];

const STATUS_LABELS: Record<ServiceListingStatus, string> = {
  draft: 'Not sent',
  in_review: 'Waiting for review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  published: 'Published',
};

/** How a status reads to a person; a live listing's change reads as a change waiting. */
export function serviceListingStatusLabel(status: ServiceListingStatus, isLive: boolean): string {
  if (isLive && status === 'in_review') {
    return 'Changes waiting for review';
  }
  if (isLive && status === 'draft') {
    return 'Changes not sent';
  }
  return STATUS_LABELS[status];
}

/** What a status asks, which its tag's colour shows: the supplier's to write, with the team, the supplier's to change, or done. */
export function serviceListingStatusTone(status: ServiceListingStatus): StatusTone {
  return ({ draft: 'draft', in_review: 'waiting', changes_requested: 'action', approved: 'done', published: 'done' } as const)[status];
}

/** Whether the supplier may change the working copy: not while the team reviews it, nor once approved for publication. */
export function isListingEditable(status: ServiceListingStatus): boolean {
  return status === 'draft' || status === 'changes_requested' || status === 'published';
}

/** Whether the supplier may send the working copy for review: one with something new in it. */
export function isListingSendable(status: ServiceListingStatus): boolean {
  return status === 'draft' || status === 'changes_requested';
}

/** Whether the team may decide on the listing (approve it, or ask for changes). */
export function isListingReviewable(status: ServiceListingStatus): boolean {
  return status === 'in_review';
}

/** The listing form's steps and the fields the portal reads from its answers. */
export const LISTING_STEPS = {
  about: 'about',
  delivery: 'delivery',
  pricing: 'pricing',
  serviceLevels: 'service-levels',
  documents: 'documents',
} as const;

export const LISTING_FIELDS = {
  summary: 'summary',
  features: 'features',
  benefits: 'benefits',
  deliveryModes: 'delivery_modes',
  locations: 'locations',
  pricingModel: 'pricing_model',
  priceFrom: 'price_from',
  priceTo: 'price_to',
  priceUnit: 'price_unit',
  included: 'included',
  serviceLevels: 'service_levels',
  documents: 'documents',
  documentKind: 'kind',
  documentFile: 'file',
  documentExpires: 'expires_on',
  documentBuyersOnly: 'buyers_only',
} as const;

export const DELIVERY_MODES = [
  { value: 'remote', label: 'Remotely' },
  { value: 'on_site', label: 'On site at the agency' },
] as const;

export const PRICING_MODELS = [
  { value: 'fixed', label: 'Fixed price' },
  { value: 'day_rate', label: 'Day rate' },
  { value: 'per_unit', label: 'Price per unit' },
  { value: 'subscription', label: 'Subscription' },
] as const;
export type PricingModel = (typeof PRICING_MODELS)[number]['value'];

export function pricingModelLabel(model: string): string {
  return PRICING_MODELS.find((candidate) => candidate.value === model)?.label ?? model;
}

/** New Zealand's regions, where a service may be delivered on site. */
export const DELIVERY_LOCATIONS = [
  'Northland',
  'Auckland',
  'Waikato',
  'Bay of Plenty',
  'Gisborne',
  "Hawke's Bay",
  'Taranaki',
  'Manawatū-Whanganui',
  'Wellington',
  'Tasman',
  'Nelson',
  'Marlborough',
  'West Coast',
  'Canterbury',
  'Otago',
  'Southland',
] as const;

export const LISTING_DOCUMENT_KINDS = [
  { value: 'pricing', label: 'Pricing document' },
  { value: 'terms', label: 'Terms and conditions' },
  { value: 'service_definition', label: 'Service definition' },
  { value: 'case_study', label: 'Case study' },
  { value: 'insurance', label: 'Insurance certificate' },
  { value: 'accreditation', label: 'Accreditation (for example ISO 27001)' },
] as const;

export function listingDocumentKindLabel(kind: string): string {
  return LISTING_DOCUMENT_KINDS.find((candidate) => candidate.value === kind)?.label ?? kind;
}

/** Most features, benefits and documents a listing holds; longest summary. */
export const MAX_LISTING_ITEMS = 10;
export const MAX_LISTING_DOCUMENTS = 20;
export const LISTING_SUMMARY_MAX_LENGTH = 500;

/** The price range's rule, which the form's schema cannot say: an upper price is not below the lower one. */
export function priceRangeProblem(priceFromCents: unknown, priceToCents: unknown): string | null {
  if (typeof priceFromCents === 'number' && typeof priceToCents === 'number' && priceToCents < priceFromCents) {
    return 'The highest price must be the same as or more than the lowest price';
  }
  return null;
}

/** One document of a listing's answers, as the portal reads it. */
export interface ListingDocument {
  fileId: string;
  kind: string;
  /** yyyy-mm-dd, or null when it has no expiry date. */
  expiresOn: string | null;
  /** Whether only signed-in buyers (and the team) may download it. */
  buyersOnly: boolean;
}

/** The documents of a listing's answers (by step), those without a file left out. */
export function listingDocuments(data: Readonly<Record<string, unknown>>): ListingDocument[] {
  const step = data[LISTING_STEPS.documents];
  const documents = isRecord(step) ? step[LISTING_FIELDS.documents] : undefined;
  if (!Array.isArray(documents)) {
    return [];
  }
  return documents.filter(isRecord).flatMap((document) => {
    const {
      [LISTING_FIELDS.documentFile]: fileId,
      [LISTING_FIELDS.documentKind]: kind,
      [LISTING_FIELDS.documentExpires]: expiresOn,
      [LISTING_FIELDS.documentBuyersOnly]: buyersOnly,
    } = document;
    return typeof fileId === 'string'
      ? [{ fileId, kind: typeof kind === 'string' ? kind : '', expiresOn: typeof expiresOn === 'string' ? expiresOn : null, buyersOnly: buyersOnly === true }]
      : [];
  });
}
