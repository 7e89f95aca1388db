/**
 * What the listings area lends other areas (issue 30): publishing a listing's approved working copy
 * as its next version, and publishing an application's approved listings when the team publishes
 * the application (spec §4 stage 6), which lists the supplier in the directory for those services.
 * A published version is never changed; the listing keeps each one as its history.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { changedListingFields } from '../../../common/listings/listing-changes';
import { SERVICE_LISTING_FORM_KEY } from '../../../common/listings/service-listings';
import type { Database } from '../../db/client';
import { serviceListings, serviceListingVersions, supplierServices } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { formResponse } from '../forms/record-forms';

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
 * Publishes the supplier's approved listings of these services (stage 6) and lists each service in
 * the directory; returns the services listed.
 */
export async function publishApprovedListings(
  tx: Database,
  supplierId: number,
  serviceIds: readonly number[],
  approvedByUserId: number,
  now: Date,
): Promise<number[]> {
  if (serviceIds.length === 0) {
    return [];
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
  return [...serviceIds];
}
