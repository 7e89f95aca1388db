/**
 * GET /user/listings: what buyers see of the active supplier in the public directory. The same
 * query as its public profile (catalogue/queries.ts), limited to that one supplier's listings.
 */
import type { PublicListing } from '../../../common/api/supplier-listing';
import { supplierProfilePath } from '../../../common/site-paths';
import type { Database } from '../../db/client';
import { findPublicListings } from '../catalogue/queries';

export async function getPublicListing(db: Database, supplierId: number): Promise<PublicListing> {
  const listings = await findPublicListings(db, supplierId);
  return {
    // The profile page answers only for an approved supplier with a published listing: exactly when there are listings here.
    profilePath: listings.length > 0 ? supplierProfilePath(supplierId) : null,
    channels: listings.map((channel) => ({
      id: channel.id,
      slug: channel.slug,
      title: channel.title,
      catalogues: channel.catalogues.map((catalogue) => ({
        id: catalogue.id,
        slug: catalogue.slug,
        title: catalogue.title,
        services: catalogue.services.map((service) => ({ id: service.id, slug: service.slug, title: service.title })),
      })),
    })),
  };
}
