/**
 * What the listings area lends other areas (issue 30): publishing a listing's approved working copy
 * as its next version, publishing an application's approved listings when the team publishes the
 * application (spec §4 stage 6), which lists the supplier in the directory for those services, and
 * the live listings buyers can read (the public listing page and the links to it).
 * A published version is never changed; the listing keeps each one as its history.
 */
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { FormStep } from '../../../common/forms/definition';
import { changedListingFields } from '../../../common/listings/listing-changes';
import { listingPriceText } from '../../../common/listings/listing-price';
import { LISTING_FIELDS, LISTING_STEPS, listingDocuments, SERVICE_LISTING_FORM_KEY, type ListingDocument } from '../../../common/listings/service-listings';
import type { Database } from '../../db/client';
import { isLiveService } from '../../db/live-catalogue';
import { catalogues, channels, serviceListings, serviceListingVersions, services, supplierServices, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { formResponse, type AnswersByStep } from '../forms/record-forms';
import type { Storage } from '../../storage/index';
import { openSupplierFile, supplierFileNames, type FileDownload } from '../uploads/service';

type ListingRow = typeof serviceListings.$inferSelect;

/**
 * Publishes the listing's working copy as its next version, with the fields that changed from the
 * live one, and makes it the live version. The caller holds the listing's row lock.
 */
export async function publishListingVersion(tx: Database, listing: ListingRow, approvedByUserId: number, now: Date): Promise<ListingRow> {
  const version = (listing.publishedVersion ?? 0) + 1;
  const [previous] =
    listing.publishedVersion === null
      ? []
      : await tx
          .select({ data: serviceListingVersions.data })
          .from(serviceListingVersions)
          .where(and(eq(serviceListingVersions.listingId, listing.id), eq(serviceListingVersions.version, listing.publishedVersion)));
  const { definition } = await formResponse(tx, SERVICE_LISTING_FORM_KEY, listing.formVersion);
  await tx.insert(serviceListingVersions).values({
    listingId: listing.id,
    version,
    formVersion: listing.formVersion,
    data: listing.data,
    changedFields: previous ? changedListingFields(definition.steps, previous.data, listing.data) : [],
    sentByUserId: listing.lastEditedByUserId,
    approvedByUserId,
    publishedAt: now,
  });
  const [after] = await tx
    .update(serviceListings)
    .set({ status: 'published', publishedVersion: version, lastEdited: now })
    // The caller found and locked this listing.
    .where(and(eq(serviceListings.id, listing.id), ownedBy(serviceListings, ANY_SUPPLIER)))
    .returning();
  if (!after) {
    throw new Error('listing update returned nothing');
  }
  return after;
}

/**
 * The services among these that the supplier has no listing ready to publish for: a listing is
 * ready once the team approved it, or when a version of it is live already (a service listed
 * through an earlier application). Stage 6 waits for every granted service's listing.
 */
export async function servicesWithoutReadyListing(tx: Database, supplierId: number, serviceIds: readonly number[]): Promise<number[]> {
  if (serviceIds.length === 0) {
    return [];
  }
  const ready = await tx
    .select({ serviceId: serviceListings.serviceId })
    .from(serviceListings)
    .where(
      and(
        ownedBy(serviceListings, supplierId),
        inArray(serviceListings.serviceId, [...serviceIds]),
        or(eq(serviceListings.status, 'approved'), isNotNull(serviceListings.publishedVersion)),
      ),
    );
  const readyIds = new Set(ready.map((row) => row.serviceId));
  return serviceIds.filter((id) => !readyIds.has(id));
}

/**
 * Publishes the supplier's approved listings of these services (stage 6) and lists each service in
 * the directory. The caller has checked that each has a listing ready (`servicesWithoutReadyListing`).
 */
export async function publishApprovedListings(
  tx: Database,
  supplierId: number,
  serviceIds: readonly number[],
  approvedByUserId: number,
  now: Date,
): Promise<void> {
  if (serviceIds.length === 0) {
    return;
  }
  const approved = await tx
    .select()
    .from(serviceListings)
    .where(and(ownedBy(serviceListings, supplierId), inArray(serviceListings.serviceId, [...serviceIds]), eq(serviceListings.status, 'approved')))
    .for('update');
  for (const listing of approved) {
    await publishListingVersion(tx, listing, approvedByUserId, now);
  }
  await tx
    .insert(supplierServices)
    .values(serviceIds.map((serviceId) => ({ supplierId, serviceId, publishedAt: now })))
    .onConflictDoUpdate({ target: [supplierServices.supplierId, supplierServices.serviceId], set: { publishedAt: now } });
}

/** A listing's live version as buyers read it, with where it sits in the catalogue. */
export interface LiveListing {
  supplier: { id: number; tradingName: string };
  service: { id: number; slug: string; title: string };
  catalogue: { slug: string; title: string };
  channel: { slug: string; title: string };
  version: number;
  publishedAt: Date;
  /** The form version it was written on: how each answer reads. */
  steps: readonly FormStep[];
  data: AnswersByStep;
  /** Its documents, each with the name it was uploaded under (one whose file is gone is left out). */
  documents: (ListingDocument & { fileName: string })[];
}

/**
 * Which services' listings buyers can read: a live version, not suspended, of a listing the
 * directory lists (an approved supplier's published listing of a live service). One condition, for
 * the listing page and every link to it. Each statement names whose listings it reads beside it.
 */
const isPublicListing = () =>
  and(
    isNotNull(serviceListings.publishedVersion),
    isNull(serviceListings.suspendedAt),
    eq(suppliers.status, 'approved'),
    isNotNull(supplierServices.publishedAt),
    isLiveService(serviceListings.serviceId),
  );

/** The live listing of the supplier's service (by the service's slug), or null when buyers cannot read one. */
export async function findLiveListing(db: Database, supplierId: number, serviceSlug: string): Promise<LiveListing | null> {
  const [row] = await db
    .select({
      listing: serviceListings,
      tradingName: suppliers.tradingName,
      service: { id: services.id, slug: services.slug, title: services.title },
      catalogue: { slug: catalogues.slug, title: catalogues.title },
      channel: { slug: channels.slug, title: channels.title },
      version: serviceListingVersions,
    })
    .from(serviceListings)
    .innerJoin(suppliers, eq(suppliers.id, serviceListings.supplierId))
    .innerJoin(supplierServices, and(eq(supplierServices.supplierId, serviceListings.supplierId), eq(supplierServices.serviceId, serviceListings.serviceId)))
    .innerJoin(services, eq(services.id, serviceListings.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .innerJoin(serviceListingVersions, and(eq(serviceListingVersions.listingId, serviceListings.id), eq(serviceListingVersions.version, serviceListings.publishedVersion)))
    .where(and(isPublicListing(), ownedBy(serviceListings, supplierId), ownedBy(supplierServices, supplierId), eq(services.slug, serviceSlug)))
    .limit(1);
  if (!row) {
    return null;
  }
  const { definition } = await formResponse(db, SERVICE_LISTING_FORM_KEY, row.version.formVersion);
  const data = row.version.data as AnswersByStep;
  const documents = listingDocuments(data);
  const names = await supplierFileNames(db, supplierId, documents.map((document) => document.fileId));
  return {
    supplier: { id: row.listing.supplierId, tradingName: row.tradingName },
    service: row.service,
    catalogue: row.catalogue,
    channel: row.channel,
    version: row.version.version,
    publishedAt: row.version.publishedAt,
    steps: definition.steps,
    data,
    documents: documents.flatMap((document) => {
      const fileName = names[document.fileId];
      return fileName === undefined ? [] : [{ ...document, fileName }];
    }),
  };
}

/** The services of the supplier whose listings buyers can read: the profile and the directory link to them. */
export async function publicListingServiceIds(db: Database, supplierId: number): Promise<Set<number>> {
  const rows = await db
    .select({ serviceId: serviceListings.serviceId })
    .from(serviceListings)
    .innerJoin(suppliers, eq(suppliers.id, serviceListings.supplierId))
    .innerJoin(supplierServices, and(eq(supplierServices.supplierId, serviceListings.supplierId), eq(supplierServices.serviceId, serviceListings.serviceId)))
    .where(and(isPublicListing(), ownedBy(serviceListings, supplierId), ownedBy(supplierServices, supplierId)));
  return new Set(rows.map((row) => row.serviceId));
}

/**
 * The suppliers of one service whose listings buyers can read, each with its price as buyers read
 * it (null when the listing gives none): the service's page links to each listing.
 */
export async function publicListingsOfService(db: Database, serviceId: number): Promise<Map<number, { price: string | null; priceFromCents: number | null }>> {
  const rows = await db
    .select({ supplierId: serviceListings.supplierId, data: serviceListingVersions.data })
    .from(serviceListings)
    .innerJoin(suppliers, eq(suppliers.id, serviceListings.supplierId))
    .innerJoin(supplierServices, and(eq(supplierServices.supplierId, serviceListings.supplierId), eq(supplierServices.serviceId, serviceListings.serviceId)))
    .innerJoin(serviceListingVersions, and(eq(serviceListingVersions.listingId, serviceListings.id), eq(serviceListingVersions.version, serviceListings.publishedVersion)))
    // Every supplier's listing of the service: the public page of the service lists them all.
    .where(and(isPublicListing(), ownedBy(serviceListings, ANY_SUPPLIER), ownedBy(supplierServices, ANY_SUPPLIER), eq(serviceListings.serviceId, serviceId)));
  return new Map(
    rows.map((row) => {
      const pricing = (row.data as AnswersByStep)[LISTING_STEPS.pricing] ?? {};
      const priceFrom = pricing[LISTING_FIELDS.priceFrom];
      return [
        row.supplierId,
        {
          price: listingPriceText({ priceFrom, priceTo: pricing[LISTING_FIELDS.priceTo], unit: pricing[LISTING_FIELDS.priceUnit] }),
          priceFromCents: typeof priceFrom === 'number' ? priceFrom : null,
        },
      ];
    }),
  );
}

/** The prices of the supplier's listings buyers can read, as buyers read them (null when one gives none), by service id. */
export async function publicListingPricesOfSupplier(db: Database, supplierId: number): Promise<Map<number, string | null>> {
  const rows = await db
    .select({ serviceId: serviceListings.serviceId, data: serviceListingVersions.data })
    .from(serviceListings)
    .innerJoin(suppliers, eq(suppliers.id, serviceListings.supplierId))
    .innerJoin(supplierServices, and(eq(supplierServices.supplierId, serviceListings.supplierId), eq(supplierServices.serviceId, serviceListings.serviceId)))
    .innerJoin(serviceListingVersions, and(eq(serviceListingVersions.listingId, serviceListings.id), eq(serviceListingVersions.version, serviceListings.publishedVersion)))
    .where(and(isPublicListing(), ownedBy(serviceListings, supplierId), ownedBy(supplierServices, supplierId)));
  return new Map(
    rows.map((row) => {
      const pricing = (row.data as AnswersByStep)[LISTING_STEPS.pricing] ?? {};
      return [row.serviceId, listingPriceText({ priceFrom: pricing[LISTING_FIELDS.priceFrom], priceTo: pricing[LISTING_FIELDS.priceTo], unit: pricing[LISTING_FIELDS.priceUnit] })];
    }),
  );
}

/**
 * One document of a live listing, opened for download: anyone reading the listing may have those
 * not for buyers only; a signed-in agency's people (issue 31) every one. Null when there is no such
 * document for that reader, as for a listing buyers cannot read.
 */
export async function openListingDocument(
  db: Database,
  storage: Storage,
  reader: 'public' | 'buyer',
  document: { supplierId: number; serviceSlug: string; fileId: string },
): Promise<FileDownload | null> {
  const listing = await findLiveListing(db, document.supplierId, document.serviceSlug);
  const fileId = document.fileId.toLowerCase();
  const found = listing?.documents.find((candidate) => candidate.fileId.toLowerCase() === fileId && (reader === 'buyer' || !candidate.buyersOnly));
  return listing && found ? openSupplierFile(db, storage, listing.supplier.id, found.fileId) : null;
}
