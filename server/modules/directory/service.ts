/**
 * The approved-suppliers directory (spec §2–§5, §9): search, CSV export, the catalogue lists for
 * the cascade selects, the page's channel tree and the home page's live figures. A supplier is
 * listed when it is approved and has at least one published listing; supplier_search holds one
 * row per listed supplier, kept current by database triggers (README.md beside this file).
 */
import { selectRows } from '../../db/raw-rows';
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type {
  DirectoryFigures,
  DirectorySearchRequest,
  DirectorySearchResponse,
  DirectoryTree,
  IdTitle,
  ResultCatalogue,
  ResultService,
  SupplierSearchResult,
} from '../../../common/api/directory';
import {
  DIRECTORY_MAX_SUGGESTIONS,
  DIRECTORY_PAGE_SIZE,
  directoryCsvFileName,
  directoryCsvServiceCell,
  neutraliseCsvCell,
} from '../../../common/directory';
import type { Database } from '../../db/client';
import { isLiveCatalogue, isLiveChannel, isLiveService } from '../../db/live-catalogue';
import { catalogues, channels, services } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';
import {
  directoryPageQuery,
  rankedSuppliersQuery,
  type DirectoryFilters,
  type DirectoryPageRow,
  type ListingJson,
  type RankedSupplierCursor,
  type RankedSupplierJson,
} from './search-sql';

export type { DirectoryFilters } from './search-sql';

/** The public profile page of a listed supplier (served by the catalogue module). */
export function supplierProfileUrl(supplierId: number): string {
  return `/approved-suppliers/${supplierId}`;
}

/** Suppliers per export batch: one query each; at most one batch is in memory at a time. */
export const EXPORT_BATCH_SIZE = 500;

/** Largest value of a PostgreSQL `integer`; a larger id cannot exist and must not reach the database. */
const MAX_ID = 2_147_483_647;

/**
 * The keyword as the search uses it: control characters (PostgreSQL text cannot hold NUL) become
 * spaces, whitespace collapses. A keyword without a letter or digit cannot match anything in
 * full text or trigrams, so it counts as no keyword (the alphabetical list).
 */
export function normaliseKeyword(raw: string | null | undefined): string | null {
  const keyword = (raw ?? '').replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return /[\p{L}\p{N}]/u.test(keyword) ? keyword : null;
}

function filtersOf(request: { channel?: number | null; catalogue?: number | null; service?: number | null }): DirectoryFilters {
  return { channel: request.channel ?? null, catalogue: request.catalogue ?? null, service: request.service ?? null };
}

/** Runs a directory query; it always answers exactly one row. */
async function queryPage(db: Database, ...args: Parameters<typeof directoryPageQuery>): Promise<DirectoryPageRow> {
  const [row] = await selectRows<DirectoryPageRow>(db, directoryPageQuery(...args));
  if (!row) {
    throw new Error('The directory query answered no row');
  }
  return row;
}

/**
 * POST /directory/search: one page of listed suppliers matching the filters and keyword, ranked,
 * with the total, plus service suggestions for a non-empty keyword. Ids that match nothing
 * (unknown, or a catalogue outside the chosen channel) give an empty page, not an error.
 */
export async function searchDirectory(db: Database, request: DirectorySearchRequest): Promise<DirectorySearchResponse> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? DIRECTORY_PAGE_SIZE;
  const row = await queryPage(db, normaliseKeyword(request.keyword), filtersOf(request), {
    limit: pageSize,
    position: { offset: (page - 1) * pageSize },
    suggestions: DIRECTORY_MAX_SUGGESTIONS,
  });
  return { results: row.results.map(toSearchResult), services: row.suggestions, total: row.total ?? 0, page, pageSize };
}

/** Options of a DirectorySearchCache; the defaults are the production settings. */
export interface DirectorySearchCacheOptions {
  /** Responses kept, least recently used dropped first (about 5–20 kB each). */
  maxEntries?: number;
  /** How long a read of the data version is trusted: the staleness bound for changes made elsewhere. */
  versionCheckIntervalMs?: number;
  /** The clock, in milliseconds (tests move it by hand). */
  now?: () => number;
}

/**
 * Search responses cached in this process, keyed by the normalised request AND the directory data
 * version (table directory_version, bumped by triggers on every change to what a search reads,
 * migration 0005). The version is read at most once per `versionCheckIntervalMs` (1 s), and
 * concurrent requests share one read in flight, so a change committed by any instance, tool or
 * bulk load shows in every instance's searches within about that interval plus one version read.
 * The version is read before the search runs, so a cached response is never older than its version.
 * Concurrent identical misses share one search. The CSV export does not use the cache.
 */
export class DirectorySearchCache {
  maxEntries: number;
  versionCheckIntervalMs: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Promise<DirectorySearchResponse>>();
  private version: string | null = null;
  private versionReadAt = 0;
  private versionRead: Promise<string> | null = null;
  private versionReadStartedAt = 0;
  /** A version read started before this time is not trusted (`expireVersion`). */
  private trustReadsFrom = -Infinity;
  /** Counters for the benchmark and the logs. */
  readonly stats = { hits: 0, misses: 0, versionReads: 0 };

  constructor(
    private readonly db: Database,
    options: DirectorySearchCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.versionCheckIntervalMs = options.versionCheckIntervalMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
  }

  async search(request: DirectorySearchRequest): Promise<DirectorySearchResponse> {
    const version = await this.currentVersion();
    const { channel, catalogue, service } = filtersOf(request);
    const key = JSON.stringify([version, channel, catalogue, service, normaliseKeyword(request.keyword), request.page ?? 1, request.pageSize ?? DIRECTORY_PAGE_SIZE]);
    let response = this.entries.get(key);
    if (response) {
      this.stats.hits += 1;
      this.entries.delete(key); // re-inserted below: the Map's order is the recency order
    } else {
      this.stats.misses += 1;
      const pending = searchDirectory(this.db, request);
      // A failed search is not kept: the next request tries again.
      pending.catch(() => {
        if (this.entries.get(key) === pending) {
          this.entries.delete(key);
        }
      });
      response = pending;
    }
    this.entries.set(key, response);
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    return response;
  }

  /**
   * Makes the next search read the data version again, even a read already in flight not being
   * enough: a change this process has just committed (a supplier suspended) shows in its very next
   * search, not up to `versionCheckIntervalMs` later.
   */
  expireVersion(): void {
    this.trustReadsFrom = this.now();
  }

  private currentVersion(): Promise<string> {
    if (this.version !== null && this.versionReadAt >= this.trustReadsFrom && this.now() - this.versionReadAt < this.versionCheckIntervalMs) {
      return Promise.resolve(this.version);
    }
    if (!this.versionRead || this.versionReadStartedAt < this.trustReadsFrom) {
      const startedAt = this.now();
      this.versionReadStartedAt = startedAt;
      this.stats.versionReads += 1;
      this.versionRead = selectRows<{ version: string }>(this.db, sql`SELECT version::text AS version FROM directory_version`)
        .then(([row]) => {
          const version = row?.version ?? '0';
          // A later read may have finished first: keep the newest.
          if (startedAt >= this.versionReadAt) {
            if (version !== this.version) {
              this.entries.clear(); // every entry is of an older version now
            }
            this.version = version;
            this.versionReadAt = startedAt;
          }
          return version;
        });
      const read = this.versionRead;
      void read.finally(() => {
        if (this.versionRead === read) {
          this.versionRead = null;
        }
      }).catch(() => undefined);
    }
    return this.versionRead;
  }
}

const searchCaches = new WeakMap<Database, DirectorySearchCache>();

/** The search cache of a database (one per database, so one per app; tests adjust its settings). */
export function directorySearchCache(db: Database): DirectorySearchCache {
  let cache = searchCaches.get(db);
  if (!cache) {
    cache = new DirectorySearchCache(db);
    searchCaches.set(db, cache);
  }
  return cache;
}

/**
 * A ranked supplier as the API shows it: its services within the filters, under its main
 * catalogue, and the same services grouped by catalogue, each with its listing's slug when buyers
 * can read the listing.
 */
function toSearchResult(supplier: RankedSupplierJson): SupplierSearchResult {
  const main = mainCatalogue(supplier.services);
  return {
    id: supplier.id,
    title: supplier.title,
    url: supplierProfileUrl(supplier.id),
    channel: main?.channelTitle ?? '',
    catalogue: main?.catalogueTitle ?? '',
    services: supplier.services.map(({ id, title }) => ({ id, title })),
    catalogues: groupByCatalogue(supplier.services),
  };
}

type CatalogueKey = Pick<ListingJson, 'catalogueId' | 'cataloguePosition' | 'channelPosition'>;

/**
 * Listings grouped under their catalogues, the catalogues in site order (channel position, then
 * catalogue position), each keeping the listings' order (by title, as the query sorts them).
 */
export function groupByCatalogue(listings: readonly ListingJson[]): ResultCatalogue[] {
  const groups = new Map<number, { first: ListingJson; catalogue: ResultCatalogue }>();
  for (const listing of listings) {
    const service: ResultService = { id: listing.id, title: listing.title, listingSlug: listing.listingSlug };
    const group = groups.get(listing.catalogueId);
    if (group) {
      group.catalogue.services.push(service);
    } else {
      groups.set(listing.catalogueId, {
        first: listing,
        catalogue: { id: listing.catalogueId, title: listing.catalogueTitle, channel: listing.channelTitle, services: [service] },
      });
    }
  }
  return [...groups.values()].sort((a, b) => compareSiteOrder(a.first, b.first)).map((group) => group.catalogue);
}

/** Catalogues as the site lists them: channel position, then catalogue position (then id, for equal positions). */
function compareSiteOrder(a: CatalogueKey, b: CatalogueKey): number {
  return a.channelPosition - b.channelPosition || a.cataloguePosition - b.cataloguePosition || a.catalogueId - b.catalogueId;
}

/**
 * The catalogue a result is shown under: the one holding most of the supplier's listings within
 * the filters (so the chosen catalogue, or the busiest one in the chosen channel), ties going to
 * the catalogue that comes first on the site (channel position, then catalogue position).
 */
export function mainCatalogue<T extends CatalogueKey>(listings: readonly T[]): T | undefined {
  const counts = new Map<number, { listing: T; listings: number }>();
  for (const listing of listings) {
    const entry = counts.get(listing.catalogueId);
    counts.set(listing.catalogueId, { listing: entry?.listing ?? listing, listings: (entry?.listings ?? 0) + 1 });
  }
  let best: { listing: T; listings: number } | undefined;
  for (const entry of counts.values()) {
    if (!best || compareMain(entry, best) < 0) {
      best = entry;
    }
  }
  return best?.listing;
}

function compareMain(a: { listing: CatalogueKey; listings: number }, b: { listing: CatalogueKey; listings: number }): number {
  return b.listings - a.listings || compareSiteOrder(a.listing, b.listing);
}

/** The filters of an export with their titles, for the file name (spec §9). */
export interface ResolvedExportFilters {
  filters: DirectoryFilters;
  /** Channel, catalogue and service titles of the filters that are set, in that order. */
  titles: string[];
  serviceTitle: string | null;
}

/**
 * Looks up the titles of the export's filters. An unknown id is a bad request here (unlike in
 * search): the file is named after the filters, so each must exist; a retired one is unknown.
 */
export async function resolveExportFilters(db: Database, filters: DirectoryFilters): Promise<ResolvedExportFilters> {
  const [channelTitle, catalogueTitle, serviceTitle] = await Promise.all([
    titleOf(db, 'channel', filters.channel),
    titleOf(db, 'catalogue', filters.catalogue),
    titleOf(db, 'service', filters.service),
  ]);
  const titles = [channelTitle, catalogueTitle, serviceTitle].filter((title): title is string => title !== null);
  return { filters, titles, serviceTitle };
}

const titleTables = { channel: channels, catalogue: catalogues, service: services } as const;
const isLive = { channel: isLiveChannel, catalogue: isLiveCatalogue, service: isLiveService } as const;

async function titleOf(db: Database, kind: keyof typeof titleTables, id: number | null): Promise<string | null> {
  if (id === null) {
    return null;
  }
  const table = titleTables[kind];
  const [row] = id > MAX_ID ? [] : await db.select({ title: table.title }).from(table).where(and(eq(table.id, id), isLive[kind](table.id))).limit(1);
  if (!row) {
    throw new AppError(ErrorCode.BadRequest, `There is no ${kind} with id ${id}.`, [
      { field: `querystring.${kind}`, message: `unknown ${kind}` },
    ]);
  }
  return row.title;
}

/** The CSV file name for resolved filters (spec §9). */
export function exportFileName(resolved: ResolvedExportFilters): string {
  return directoryCsvFileName(resolved.titles);
}

export const DIRECTORY_CSV_COLUMNS = ['Name', 'Channel', 'Catalogue', 'Service'] as const;

/** One CSV record (spec §3 "CSV export columns"), every cell neutralised against formula injection. */
export function directoryCsvRecord(result: Pick<SupplierSearchResult, 'title' | 'channel' | 'catalogue' | 'services'>, chosenServiceTitle: string | null): string[] {
  return [result.title, result.channel, result.catalogue, directoryCsvServiceCell(chosenServiceTitle, result.services)].map(neutraliseCsvCell);
}

/**
 * The export's records in the search's order, in batches of EXPORT_BATCH_SIZE suppliers, so memory
 * stays flat however many match and no connection is held between batches. Without a keyword, each
 * batch resumes after the previous batch's last row (keyset). With one, the matches are ranked once
 * (their ids, a few bytes each, in one array) and read a batch of ids at a time: ranking them again
 * for every batch made a common word's export several times slower.
 */
export async function* exportDirectoryRecords(db: Database, resolved: ResolvedExportFilters, rawKeyword: string | undefined): AsyncGenerator<string[]> {
  const keyword = normaliseKeyword(rawKeyword);
  const records = (results: readonly RankedSupplierJson[]) => results.map((supplier) => directoryCsvRecord(toSearchResult(supplier), resolved.serviceTitle));
  if (keyword !== null) {
    const [ranked] = await selectRows<{ suppliers: number[] }>(db, rankedSuppliersQuery(keyword, resolved.filters));
    const suppliers = ranked?.suppliers ?? [];
    for (let start = 0; start < suppliers.length; start += EXPORT_BATCH_SIZE) {
      const batch = suppliers.slice(start, start + EXPORT_BATCH_SIZE);
      const { results } = await queryPage(db, keyword, resolved.filters, { limit: batch.length, position: { suppliers: batch }, suggestions: 0 });
      yield* records(results);
    }
    return;
  }
  let after: RankedSupplierCursor | null = null;
  for (;;) {
    const { results } = await queryPage(db, null, resolved.filters, { limit: EXPORT_BATCH_SIZE, position: { after }, suggestions: 0 });
    yield* records(results);
    const last = results.at(-1);
    if (!last || results.length < EXPORT_BATCH_SIZE) {
      return;
    }
    after = { rank: last.rank, sortKey: last.sortKey, supplierId: last.id };
  }
}

/** Titles in the directory's alphabetical order: case and diacritics ignored, the same on every server. */
const byTitle = (title: AnyColumn) => sql`directory_fold(${title}) COLLATE "C"`;

/** Live catalogues of a channel for the cascade select (spec §7), in site order. */
export async function listCataloguesOfChannel(db: Database, channelId: number): Promise<IdTitle[]> {
  if (channelId > MAX_ID) {
    return [];
  }
  return db
    .select({ id: catalogues.id, title: catalogues.title })
    .from(catalogues)
    .where(and(eq(catalogues.channelId, channelId), isLiveCatalogue(catalogues.id)))
    .orderBy(asc(catalogues.position), byTitle(catalogues.title), asc(catalogues.id));
}

/** Live services of a catalogue for the cascade select (spec §7), by title (services have no position). */
export async function listServicesOfCatalogue(db: Database, catalogueId: number): Promise<IdTitle[]> {
  if (catalogueId > MAX_ID) {
    return [];
  }
  return db
    .select({ id: services.id, title: services.title })
    .from(services)
    .where(and(eq(services.catalogueId, catalogueId), isLiveService(services.id)))
    .orderBy(byTitle(services.title), asc(services.title), asc(services.id));
}

/**
 * The live channel → catalogue → service tree (the directory page's settings, `GET /channel`, the
 * registration form): channels and catalogues in site order, services by title. Every live
 * catalogue and service is included, listed or not, so the selects show the full catalogue;
 * retired ones are left out.
 */
export async function getDirectoryTree(db: Database): Promise<DirectoryTree> {
  const [channelRows, catalogueRows, serviceRows] = await Promise.all([
    db.select({ id: channels.id, title: channels.title }).from(channels).where(isLiveChannel(channels.id)).orderBy(asc(channels.position), byTitle(channels.title), asc(channels.id)),
    db
      .select({ id: catalogues.id, title: catalogues.title, channelId: catalogues.channelId })
      .from(catalogues)
      .where(isLiveCatalogue(catalogues.id))
      .orderBy(asc(catalogues.position), byTitle(catalogues.title), asc(catalogues.id)),
    db
      .select({ id: services.id, title: services.title, catalogueId: services.catalogueId })
      .from(services)
      .where(isLiveService(services.id))
      .orderBy(byTitle(services.title), asc(services.title), asc(services.id)),
  ]);
  const servicesByCatalogue = groupBy(serviceRows, (row) => row.catalogueId);
  const cataloguesByChannel = groupBy(catalogueRows, (row) => row.channelId);
  return channelRows.map((channel) => ({
    id: channel.id,
    title: channel.title,
    catalogues: (cataloguesByChannel.get(channel.id) ?? []).map((catalogue) => ({
      id: catalogue.id,
      title: catalogue.title,
      services: (servicesByCatalogue.get(catalogue.id) ?? []).map(({ id, title }) => ({ id, title })),
    })),
  }));
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) {
      group.push(item);
    } else {
      groups.set(key(item), [item]);
    }
  }
  return groups;
}

/**
 * The home page's live figures, counting what a visitor can find: suppliers listed in the
 * directory (approved, with a published listing), live services at least one of them lists, and
 * every live catalogue (the catalogue structure is public whether or not it has suppliers yet).
 */
export async function getDirectoryFigures(db: Database): Promise<DirectoryFigures> {
  const [figures] = await selectRows<DirectoryFigures>(
    db,
    sql`SELECT
      (SELECT count(*) FROM supplier_search)::integer AS "approvedSuppliers",
      (SELECT count(*) FROM services sv WHERE ${isLiveService(sql`sv.id`)} AND EXISTS (
         SELECT 1 FROM supplier_services ls JOIN suppliers s ON s.id = ls.supplier_id
         WHERE ls.service_id = sv.id AND ls.published_at IS NOT NULL AND s.status = 'approved'))::integer AS services,
      (SELECT count(*) FROM catalogues c WHERE ${isLiveCatalogue(sql`c.id`)})::integer AS catalogues`,
  );
  return figures ?? { approvedSuppliers: 0, services: 0, catalogues: 0 };
}

/**
 * Rebuilds supplier_search rows from the base tables: for one supplier, or for all when no id is
 * given. The triggers already do this on every change; call it after loading data with triggers
 * disabled (`session_replication_role = replica`) or to repair the table.
 */
export async function refreshSupplierSearch(db: Database, supplierId?: number): Promise<void> {
  if (supplierId === undefined) {
    await db.execute(sql`SELECT directory_refresh_suppliers(ARRAY(SELECT id FROM suppliers))`);
    return;
  }
  await db.execute(sql`SELECT directory_refresh_suppliers(ARRAY[${supplierId}]::integer[])`);
}
