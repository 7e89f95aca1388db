/**
 * The open data (issue 32): the published releases read back as OCDS release and record packages,
 * and what the area lends other areas (the rules of what is published).
 */
import { asc, eq, gt, sql } from 'drizzle-orm';
import { OPEN_DATA_PAGE_SIZE, type ReleasePackage } from '../../../common/api/open-data';
import type { Database } from '../../db/client';
import { openDataRecords, openDataReleases } from '../../db/schema/index';
import { compileReleases } from './compile';
import { releasesOf } from './records';
import { OCDS_EXTENSIONS, OCDS_VERSION } from './releases';

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

/** A package as JSON text (a feed page, its releases spliced in as stored; a record). */
export interface PackageText {
  json: string;
  /** When the newest release in it was written; null for an empty page. */
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
 * A package's JSON around its releases or records, for ones spliced in as JSON text (joined by
 * commas): the text up to the array's opening bracket, and from its closing bracket. The fields
 * keep their order, the array where it stands in them.
 */
export function packageTextAround(fields: Record<string, unknown>, key: 'releases' | 'records' = 'releases'): { before: string; after: string } {
  const text = JSON.stringify(fields);
  // Top-level keys only: a quote inside a string value is escaped, so no value holds this text.
  const opening = `"${key}":[`;
  const at = text.indexOf(`${opening}]`) + opening.length;
  return { before: text.slice(0, at), after: text.slice(at) };
}

/** A page of the feed: releases in the order they were published, after the cursor `after`. */
export async function releaseFeedPage(db: Database, settings: PackageSettings, after: number, limit = OPEN_DATA_PAGE_SIZE): Promise<PackageText> {
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

/** A release's address: its own package's, with its id as the fragment (OCDS's linked release). */
const releaseUrl = (settings: PackageSettings, releaseId: string) =>
  `${apiUrl(settings, `/releases/${encodeURIComponent(releaseId)}`)}#${encodeURIComponent(releaseId)}`;

/**
 * One contracting process as JSON text: a record package of its releases, linked (address, date,
 * tags; oldest first) and its compiled release as the publisher kept it (`records.ts`), spliced in
 * as PostgreSQL keeps it. A framework's record holds a release for every supplier approved into it;
 * embedding them and compiling at each request made it 18 MB and 1.25 s of the event loop at 18,000.
 * A record not kept (under RECORDS_KEPT_FROM releases), or not compiled through its newest release, is
 * compiled here. Null when none.
 */
export async function recordPackage(db: Database, settings: PackageSettings, ocid: string): Promise<PackageText | null> {
  const [record] = await db
    .select({ json: sql<string | null>`${openDataRecords.compiledRelease}::text`, compiledThrough: openDataRecords.compiledThrough })
    .from(openDataRecords)
    .where(eq(openDataRecords.ocid, ocid));
  const kept = typeof record?.json === 'string' ? { json: record.json, compiledThrough: record.compiledThrough } : null;
  // A kept record needs only each release's address, date and tags; one compiled here needs the releases whole, read once.
  const whole = kept ? null : await releasesOf(db, ocid);
  const rows = whole
    ? whole.map(({ sequence, releaseId, release, publishedAt }) => ({ sequence, releaseId, date: release.date, tag: release.tag, publishedAt }))
    : await db
        .select({
          sequence: openDataReleases.sequence,
          releaseId: openDataReleases.releaseId,
          date: sql<string>`${openDataReleases.release}->>'date'`,
          tag: sql<string[]>`${openDataReleases.release}->'tag'`,
          publishedAt: openDataReleases.publishedAt,
        })
        .from(openDataReleases)
        .where(eq(openDataReleases.ocid, ocid))
        .orderBy(asc(openDataReleases.sequence));
  const newest = rows.at(-1);
  if (!newest) {
    return null;
  }
  const compiled =
    kept && kept.compiledThrough === newest.sequence
      ? kept.json
      : JSON.stringify(compileReleases((whole ?? (await releasesOf(db, ocid))).map((row) => row.release)));
  const releases = rows
    .map((row) => ({ url: releaseUrl(settings, row.releaseId), date: row.date, tag: row.tag }))
    .sort((left, right) => left.date.localeCompare(right.date));
  const lastModified = newestPublishedAt(rows) ?? new Date();
  const around = packageTextAround({ ...packageMetadata(settings, apiUrl(settings, `/records/${encodeURIComponent(ocid)}`), lastModified), records: [] }, 'records');
  return { json: `${around.before}{"ocid":${JSON.stringify(ocid)},"releases":${JSON.stringify(releases)},"compiledRelease":${compiled}}${around.after}`, lastModified };
}
