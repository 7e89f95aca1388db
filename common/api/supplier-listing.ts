/**
 * Payload of GET /api/v1/user/listings: the active supplier's listings as buyers see them, grouped
 * by sales channel and catalogue as its public profile groups them, and the profile's address.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';

const ListedServiceSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
});

const ListedCatalogueSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  services: Type.Array(ListedServiceSchema),
});

const ListedChannelSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  catalogues: Type.Array(ListedCatalogueSchema),
});

export const PublicListingSchema = Type.Object({
  /** The supplier's public profile page; null while buyers cannot see one (nothing published yet). */
  profilePath: Type.Union([Type.String(), Type.Null()]),
  /** Published listings, channel → catalogue → services, in the directory's order; empty when none. */
  channels: Type.Array(ListedChannelSchema),
});
export type PublicListing = Static<typeof PublicListingSchema>;
export type ListedChannel = Static<typeof ListedChannelSchema>;
