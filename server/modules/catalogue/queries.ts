/**
 * Data of the public catalogue pages (sales channels, catalogues, services) and of the public
 * supplier profile: what only these pages need (slugs for links, descriptions, listings). The
 * directory's own data (tree, figures, cascade options) comes from `../directory/service`.
 */
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogues, channels, services, supplierServices, suppliers } from '../../db/schema/index';
import { isLiveCatalogue, isLiveChannel, isLiveService } from '../../db/live-catalogue';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { publicListingServiceIds, publicListingsOfService } from '../listings/service';

/** A link target of the catalogue pages. */
export interface PageLink {
  slug: string;
  title: string;
}

export interface NavigationService extends PageLink {
  id: number;
}

export interface NavigationCatalogue extends PageLink {
  id: number;
  services: NavigationService[];
}

export interface NavigationChannel extends PageLink {
  id: number;
  catalogues: NavigationCatalogue[];
}

export interface ChannelSummary extends PageLink {
  id: number;
  description: string;
  catalogueCount: number;
}

export interface CatalogueSummary extends PageLink {
  id: number;
  description: string;
  serviceCount: number;
}

export interface ServiceSummary extends PageLink {
  id: number;
  description: string;
  supplierCount: number;
}

export interface ChannelPageData {
  channel: { id: number; slug: string; title: string; description: string };
  catalogues: CatalogueSummary[];
}

export interface CataloguePageData {
  channel: { id: number; slug: string; title: string };
  catalogue: { id: number; slug: string; title: string; description: string };
  services: ServiceSummary[];
}

export interface ListedSupplier {
  id: number;
  tradingName: string;
  summary: string;
  city: string;
  country: string;
  /** Its listing of the service, when buyers can read one: the price as they read it and its lowest price (null when none is given). */
  listing: { price: string | null; priceFromCents: number | null } | null;
}

/** How a service's page orders its suppliers: by name, or lowest price first (those without a price last). */
export type ServiceSupplierSort = 'name' | 'price';

export interface ServicePageData {
  channel: { id: number; slug: string; title: string };
  catalogue: { id: number; slug: string; title: string };
  service: { id: number; slug: string; title: string; description: string };
  suppliers: ListedSupplier[];
  sort: ServiceSupplierSort;
}

/** Lowest price first; suppliers without a price after, by name (the rows come by name). */
function byLowestPrice(suppliers: readonly ListedSupplier[]): ListedSupplier[] {
  const price = (supplier: ListedSupplier) => supplier.listing?.priceFromCents ?? Number.POSITIVE_INFINITY;
  return [...suppliers].sort((a, b) => price(a) - price(b));
}

export interface SupplierProfile {
  id: number;
  tradingName: string;
  legalName: string;
  summary: string | null;
  nzbn: string | null;
  abn: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  /** Published listings grouped channel → catalogue → services, in catalogue order. */
  offers: NavigationChannel[];
  /** The services whose listing buyers can read (a page of its own). */
  servicesWithListing: ReadonlySet<number>;
}

/** A listing shows publicly when its supplier is approved and the listing is published. */
const isPublicListing = and(eq(suppliers.status, 'approved'), isNotNull(supplierServices.publishedAt));

/** The columns of a channel → catalogue → service row, grouped into a tree by `groupTree`. */
const treeColumns = {
  channelId: channels.id,
  channelSlug: channels.slug,
  channelTitle: channels.title,
  catalogueId: catalogues.id,
  catalogueSlug: catalogues.slug,
  catalogueTitle: catalogues.title,
  serviceId: services.id,
  serviceSlug: services.slug,
  serviceTitle: services.title,
};
/** Display order: channels and catalogues by position, services by title. */
const treeOrder = [asc(channels.position), asc(channels.id), asc(catalogues.position), asc(catalogues.id), asc(services.title), asc(services.id)];

/** Every live channel, catalogue and service with slugs, in display order: the side navigation. */
export async function getCatalogueNavigation(db: Database): Promise<NavigationChannel[]> {
  const rows = await db
    .select(treeColumns)
    .from(channels)
    .leftJoin(catalogues, and(eq(catalogues.channelId, channels.id), isLiveCatalogue(catalogues.id)))
    .leftJoin(services, and(eq(services.catalogueId, catalogues.id), isLiveService(services.id)))
    .where(isLiveChannel(channels.id))
    .orderBy(...treeOrder);
  return groupTree(rows);
}

interface TreeRow {
  channelId: number;
  channelSlug: string;
  channelTitle: string;
  catalogueId: number | null;
  catalogueSlug: string | null;
  catalogueTitle: string | null;
  serviceId: number | null;
  serviceSlug: string | null;
  serviceTitle: string | null;
}

/** Groups ordered channel/catalogue/service rows into a tree, keeping the rows' order. */
function groupTree(rows: readonly TreeRow[]): NavigationChannel[] {
  const tree: NavigationChannel[] = [];
  for (const row of rows) {
    let channel = tree.at(-1);
    if (channel?.id !== row.channelId) {
      channel = { id: row.channelId, slug: row.channelSlug, title: row.channelTitle, catalogues: [] };
      tree.push(channel);
    }
    if (row.catalogueId === null || row.catalogueSlug === null || row.catalogueTitle === null) {
      continue;
    }
    let catalogue = channel.catalogues.at(-1);
    if (catalogue?.id !== row.catalogueId) {
      catalogue = { id: row.catalogueId, slug: row.catalogueSlug, title: row.catalogueTitle, services: [] };
      channel.catalogues.push(catalogue);
    }
    if (row.serviceId !== null && row.serviceSlug !== null && row.serviceTitle !== null) {
      catalogue.services.push({ id: row.serviceId, slug: row.serviceSlug, title: row.serviceTitle });
    }
  }
  return tree;
}

/** The live sales channels with how many live catalogues each holds, in display order. */
export async function listChannelSummaries(db: Database): Promise<ChannelSummary[]> {
  return db
    .select({
      id: channels.id,
      slug: channels.slug,
      title: channels.title,
      description: channels.description,
      catalogueCount: count(catalogues.id),
    })
    .from(channels)
    .leftJoin(catalogues, and(eq(catalogues.channelId, channels.id), isLiveCatalogue(catalogues.id)))
    .where(isLiveChannel(channels.id))
    .groupBy(channels.id)
    .orderBy(asc(channels.position), asc(channels.id));
}

/** A live channel and its live catalogues (with live service counts), or null for an unknown or retired slug. */
export async function findChannelPage(db: Database, slug: string): Promise<ChannelPageData | null> {
  const [channel] = await db
    .select({ id: channels.id, slug: channels.slug, title: channels.title, description: channels.description })
    .from(channels)
    .where(and(eq(channels.slug, slug), isLiveChannel(channels.id)))
    .limit(1);
  if (!channel) {
    return null;
  }
  const catalogueRows = await db
    .select({
      id: catalogues.id,
      slug: catalogues.slug,
      title: catalogues.title,
      description: catalogues.description,
      serviceCount: count(services.id),
    })
    .from(catalogues)
    .leftJoin(services, and(eq(services.catalogueId, catalogues.id), isLiveService(services.id)))
    .where(and(eq(catalogues.channelId, channel.id), isLiveCatalogue(catalogues.id)))
    .groupBy(catalogues.id)
    .orderBy(asc(catalogues.position), asc(catalogues.id));
  return { channel, catalogues: catalogueRows };
}

/** A live catalogue, its channel and its live services (with how many approved suppliers list each), or null. */
export async function findCataloguePage(db: Database, slug: string): Promise<CataloguePageData | null> {
  const [row] = await db
    .select({
      id: catalogues.id,
      slug: catalogues.slug,
      title: catalogues.title,
      description: catalogues.description,
      channelId: channels.id,
      channelSlug: channels.slug,
      channelTitle: channels.title,
    })
    .from(catalogues)
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(and(eq(catalogues.slug, slug), isLiveCatalogue(catalogues.id)))
    .limit(1);
  if (!row) {
    return null;
  }
  const serviceRows = await db
    .select({ id: services.id, slug: services.slug, title: services.title, description: services.description })
    .from(services)
    .where(and(eq(services.catalogueId, row.id), isLiveService(services.id)))
    .orderBy(asc(services.title), asc(services.id));
  const supplierCounts = await countPublicSuppliers(
    db,
    serviceRows.map((service) => service.id),
  );
  return {
    channel: { id: row.channelId, slug: row.channelSlug, title: row.channelTitle },
    catalogue: { id: row.id, slug: row.slug, title: row.title, description: row.description },
    services: serviceRows.map((service) => ({ ...service, supplierCount: supplierCounts.get(service.id) ?? 0 })),
  };
}

async function countPublicSuppliers(db: Database, serviceIds: readonly number[]): Promise<Map<number, number>> {
  if (serviceIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ serviceId: supplierServices.serviceId, suppliers: count(supplierServices.supplierId) })
    .from(supplierServices)
    .innerJoin(suppliers, eq(suppliers.id, supplierServices.supplierId))
    // Public pages: every supplier's published listings.
    .where(and(inArray(supplierServices.serviceId, [...serviceIds]), isPublicListing, ownedBy(supplierServices, ANY_SUPPLIER)))
    .groupBy(supplierServices.serviceId);
  return new Map(rows.map((row) => [row.serviceId, row.suppliers]));
}

/** A live service, its catalogue and channel, and the approved suppliers that list it, or null. */
export async function findServicePage(db: Database, slug: string, sort: ServiceSupplierSort = 'name'): Promise<ServicePageData | null> {
  const [row] = await db
    .select({
      id: services.id,
      slug: services.slug,
      title: services.title,
      description: services.description,
      catalogueId: catalogues.id,
      catalogueSlug: catalogues.slug,
      catalogueTitle: catalogues.title,
      channelId: channels.id,
      channelSlug: channels.slug,
      channelTitle: channels.title,
    })
    .from(services)
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(and(eq(services.slug, slug), isLiveService(services.id)))
    .limit(1);
  if (!row) {
    return null;
  }
  const supplierRows = await db
    .select({
      id: suppliers.id,
      tradingName: suppliers.tradingName,
      summary: suppliers.summary,
      city: suppliers.city,
      country: suppliers.country,
    })
    .from(supplierServices)
    .innerJoin(suppliers, eq(suppliers.id, supplierServices.supplierId))
    .where(and(eq(supplierServices.serviceId, row.id), isPublicListing, ownedBy(supplierServices, ANY_SUPPLIER)))
    .orderBy(asc(suppliers.tradingName), asc(suppliers.id));
  const listings = await publicListingsOfService(db, row.id);
  const ordered = sort === 'price' ? byLowestPrice : (rows: ListedSupplier[]) => rows;
  return {
    channel: { id: row.channelId, slug: row.channelSlug, title: row.channelTitle },
    catalogue: { id: row.catalogueId, slug: row.catalogueSlug, title: row.catalogueTitle },
    service: { id: row.id, slug: row.slug, title: row.title, description: row.description },
    sort,
    suppliers: ordered(supplierRows.map((supplier) => {
      const listing = listings.get(supplier.id);
      return {
        id: supplier.id,
        tradingName: supplier.tradingName,
        summary: supplier.summary ?? '',
        city: supplier.city ?? '',
        country: supplier.country ?? '',
        listing: listing ? { price: listing.price, priceFromCents: listing.priceFromCents } : null,
      };
    })),
  };
}

/**
 * The public profile of an approved supplier with at least one published listing; null for any
 * other supplier (an applicant, an inactive supplier, or one with nothing published yet).
 */
export async function findSupplierProfile(db: Database, supplierId: number): Promise<SupplierProfile | null> {
  const [supplier] = await db
    .select({
      id: suppliers.id,
      tradingName: suppliers.tradingName,
      legalName: suppliers.legalName,
      summary: suppliers.summary,
      nzbn: suppliers.nzbn,
      abn: suppliers.abn,
      email: suppliers.email,
      phone: suppliers.phone,
      website: suppliers.website,
      city: suppliers.city,
      state: suppliers.state,
      country: suppliers.country,
    })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.status, 'approved')))
    .limit(1);
  if (!supplier) {
    return null;
  }
  const offers = await findPublicListings(db, supplier.id);
  if (offers.length === 0) {
    return null;
  }
  return { ...supplier, offers, servicesWithListing: await publicListingServiceIds(db, supplier.id) };
}

/**
 * A supplier's listings as buyers see them, grouped channel → catalogue → services the way its
 * public profile shows them: the published ones of live services, and none unless the supplier is approved.
 */
export async function findPublicListings(db: Database, supplierId: number): Promise<NavigationChannel[]> {
  const rows = await db
    .select(treeColumns)
    .from(supplierServices)
    .innerJoin(suppliers, eq(suppliers.id, supplierServices.supplierId))
    .innerJoin(services, eq(services.id, supplierServices.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(and(ownedBy(supplierServices, supplierId), isPublicListing, isLiveService(services.id)))
    .orderBy(...treeOrder);
  return groupTree(rows);
}
