/**
 * The open data (issue 32): the published releases read back as OCDS release and record packages,
 * and what the area lends other areas (the rules of what is published).
 */
import { asc, eq, gt, sql } from 'drizzle-orm';
import { OPEN_DATA_PAGE_SIZE, type RecordPackage, type ReleasePackage } from '../../../common/api/open-data';
import type { Database } from '../../db/client';
import { openDataReleases } from '../../db/schema/index';
import { compileReleases } from './compile';
import { OCDS_EXTENSIONS, OCDS_VERSION, type Release } from './releases';

export { publishedNotice, publishedReport, withdrawnPublishedNotice } from './publication-rules';

/** The routes' base, below the API prefix. */
export const OPEN_DATA_ROUTE = '/open-data';
/** The open data licence: New Zealand's default for government data (NZGOAL). */
const LICENSE = 'https://creativecommons.org/licenses/by/4.0/';

/** Who publishes and where: the package metadata every answer shares. */
export interface PackageSettings {
  publicUrl: string;
  productName: string;
  /** The page that says what is published, what is not, and when. */
  publicationPolicyUrl: string;
}

const apiUrl = (settings: PackageSettings, path: string) => `${settings.publicUrl}/api/v1${OPEN_DATA_ROUTE}${path}`;

/** What every package says of itself: its address, the standard's version and extensions, who publishes it, the licence and policy. */
export function packageMetadata(settings: PackageSettings, uri: string, publishedAt: Date) {
  return {
    uri,
    version: OCDS_VERSION,
    extensions: OCDS_EXTENSIONS,
    publishedDate: publishedAt.toISOString(),
    publisher: { name: settings.productName, uri: settings.publicUrl },
    license: LICENSE,
    publicationPolicy: settings.publicationPolicyUrl,
  };
}

/** When the newest of these releases was written: their Last-Modified; null for none. */
function newestPublishedAt(rows: readonly { publishedAt: Date }[]): Date | null {
  return rows.reduce<Date | null>((newest, row) => (newest === null || row.publishedAt > newest ? row.publishedAt : newest), null);
}

/** A page of the feed as JSON text (a ReleasePackage, its releases spliced in as stored). */
export interface FeedPage {
  json: string;
  /** When the newest release in the page was written; null for an empty page. */
  lastModified: Date | null;
}

/**
 * The releases after the feed position `after`, in the order they were published, each as the JSON
 * text PostgreSQL keeps: the feed and the bulk file splice that text into their package. A page of
 * 100 is about 100 kB, and parsing it only to write it out again cost more than reading it.
 */
export function releasesAfter(db: Database, after: number, limit: number) {
  return db
    .select({ sequence: openDataReleases.sequence, json: sql<string>`${openDataReleases.release}::text`, publishedAt: openDataReleases.publishedAt })
    .from(openDataReleases)
    .where(gt(openDataReleases.sequence, after))
    .orderBy(asc(openDataReleases.sequence))
    .limit(limit);
}

/**
 * A package's JSON around its releases, for releases spliced in as JSON text (joined by commas): the
 * text up to the releases array's opening bracket, and from its closing bracket. The fields keep
 * their order, `releases` where it stands in them.
 */
export function packageTextAround(fields: Record<string, unknown> & { releases: readonly never[] }): { before: string; after: string } {
  const text = JSON.stringify(fields);
  // Top-level keys only: a quote inside a string value is escaped, so no value holds this text.
  const opening = '"releases":[';
  const at = text.indexOf(`${opening}]`) + opening.length;
  return { before: text.slice(0, at), after: text.slice(at) };
}

/** A page of the feed: releases in the order they were published, after the cursor `after`. */
export async function releaseFeedPage(db: Database, settings: PackageSettings, after: number, limit = OPEN_DATA_PAGE_SIZE): Promise<FeedPage> {
  const rows = await releasesAfter(db, after, limit);
  const last = rows.at(-1);
  const query = (cursor: number) => `?after=${String(cursor)}${limit === OPEN_DATA_PAGE_SIZE ? '' : `&limit=${String(limit)}`}`;
  const lastModified = newestPublishedAt(rows);
  const around = packageTextAround({
    ...packageMetadata(settings, apiUrl(settings, `/releases${after > 0 ? query(after) : ''}`), lastModified ?? new Date()),
    releases: [],
    // Present whenever the page had releases: follow it until a page is empty, then poll that address.
    ...(last ? { links: { next: apiUrl(settings, `/releases${query(last.sequence)}`) } } : {}),
  });
  return { json: `${around.before}${rows.map((row) => row.json).join(',')}${around.after}`, lastModified };
}

/** A package of its own for one release or one record, dated by its newest release (the answer's Last-Modified). */
export interface DatedPackage<Body> {
  body: Body;
  lastModified: Date;
}

/** One release in a package of its own; null when no release has that id. */
export async function releasePackage(db: Database, settings: PackageSettings, releaseId: string): Promise<DatedPackage<ReleasePackage> | null> {
  const [row] = await db.select().from(openDataReleases).where(eq(openDataReleases.releaseId, releaseId)).limit(1);
  if (!row) {
    return null;
  }
  return { body: { ...packageMetadata(settings, apiUrl(settings, `/releases/${encodeURIComponent(releaseId)}`), row.publishedAt), releases: [row.release] }, lastModified: row.publishedAt };
}

/** One contracting process: every release of its ocid, oldest first, and the compiled release; null when none. */
export async function recordPackage(db: Database, settings: PackageSettings, ocid: string): Promise<DatedPackage<RecordPackage> | null> {
  const rows = await db.select().from(openDataReleases).where(eq(openDataReleases.ocid, ocid)).orderBy(asc(openDataReleases.sequence));
  if (rows.length === 0) {
    return null;
  }
  const releases = rows.map((row) => row.release as unknown as Release).sort((left, right) => left.date.localeCompare(right.date));
  const lastModified = newestPublishedAt(rows) ?? new Date();
  return {
    body: {
      ...packageMetadata(settings, apiUrl(settings, `/records/${encodeURIComponent(ocid)}`), lastModified),
      records: [{ ocid, releases, compiledRelease: compileReleases(releases) }],
    },
    lastModified,
  };
}
