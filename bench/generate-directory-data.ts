/**
 * Deterministic directory data for the benchmark: the demo channels, catalogues and services, three
 * generated variants of each demo service, thousands of approved suppliers with about ten published
 * listings each, plus applicants and inactive suppliers that must never show. Bulk inserted with
 * `unnest` arrays (one statement per batch); the directory triggers index listings per statement.
 *
 * Run on its own to load an empty, migrated database: DATABASE_URL=… tsx bench/generate-directory-data.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { demoChannels } from '../server/seed/demo-catalogue';
import { mulberry32 } from '../server/seed/random';

export interface DirectoryDataOptions {
  /** Approved suppliers (default 5,000). */
  approvedSuppliers?: number;
  /** Published listings at least (default 50,000). */
  publishedListings?: number;
  seed?: number;
  /**
   * How supplier_search is built. 'triggers' (default): the directory triggers refresh the
   * suppliers of each listing batch, as any write would. 'bulk': listings are inserted with
   * triggers off (`session_replication_role = replica`, in one transaction), then every supplier is
   * refreshed in one statement by directory_refresh_suppliers, the function the triggers call, so
   * supplier_search ends with the same rows; at 500,000 listings the triggered load takes about
   * 9 minutes (each batch re-plans the refresh over a growing, not yet analysed table), the bulk
   * one well under a minute.
   */
  searchBuild?: 'triggers' | 'bulk';
}

export interface DirectoryDataSummary {
  channels: number;
  catalogues: number;
  services: number;
  suppliers: number;
  approvedSuppliers: number;
  publishedListings: number;
  unpublishedListings: number;
  milliseconds: number;
  /** Of which building supplier_search in one statement ('bulk' only). */
  searchBuildMilliseconds: number | null;
}

const BATCH_ROWS = 10_000;

/** Qualifiers that turn each demo service into realistic specialised variants. */
const VARIANTS = [
  { qualifier: 'Managed', note: 'Delivered as a managed service with agreed service levels.' },
  { qualifier: 'Regional', note: 'Available to agencies and councils outside the main centres.' },
  { qualifier: 'On-demand', note: 'Called off by the hour or day when the need arises.' },
] as const;

const NAME_STARTS = [
  'Kōwhai', 'Tōtara', 'Rimu', 'Mānuka', 'Kauri', 'Harbour', 'Summit', 'Southern', 'Northern', 'Pacific',
  'Coastal', 'Alpine', 'Tasman', 'Aoraki', 'Waitematā', 'Ōtautahi', 'Pōneke', 'Kererū', 'Tūī', 'Pūkeko',
  'Mataī', 'Miro', 'Horizon', 'Meridian', 'Clearwater', 'Ironbark', 'Wattle', 'Banksia', 'Koru', 'Ngahere',
  'Moana', 'Maunga', 'Whetū', 'Huia', 'Kea', 'Kākā', 'Takahē', 'Riverstone', 'Greystone', 'Bluegum',
  'Silverfern', 'Redwood', 'Blackwood', 'Keystone', 'Cornerstone', 'Lighthouse', 'Anchor', 'Compass', 'Beacon', 'Pathway',
  'Kingfisher', 'Albatross', 'Saltmarsh', 'Tussock', 'Flax', 'Basalt', 'Granite', 'Estuary', 'Headland', 'Ridgeline',
];
const NAME_CORES: Record<string, readonly string[]> = {
  'digital-and-ict': ['Digital', 'Cloud', 'Cyber', 'Data', 'Tech', 'Systems', 'Software', 'Networks', 'IT', 'Labs'],
  'professional-services': ['Consulting', 'Advisory', 'Partners', 'Research', 'Strategy', 'Associates', 'Insights', 'People', 'Talent', 'Finance'],
  'construction-and-facilities': ['Facilities', 'Property', 'Building', 'Construction', 'Maintenance', 'Cleaning', 'Services', 'Energy', 'Works', 'Projects'],
  'corporate-services': ['Communications', 'Media', 'Print', 'Events', 'Travel', 'Creative', 'Studio', 'Records', 'Marketing', 'Design'],
};
const NAME_ENDS = ['', '', '', ' Group', ' Co', ' Collective', ' NZ', ' Australia', ' Pacific', ' & Co'];
const PLACES = [
  ['Wellington', 'Wellington', 'New Zealand'], ['Auckland', 'Auckland', 'New Zealand'], ['Christchurch', 'Canterbury', 'New Zealand'],
  ['Hamilton', 'Waikato', 'New Zealand'], ['Dunedin', 'Otago', 'New Zealand'], ['Tauranga', 'Bay of Plenty', 'New Zealand'],
  ['Sydney', 'NSW', 'Australia'], ['Melbourne', 'VIC', 'Australia'], ['Brisbane', 'QLD', 'Australia'], ['Canberra', 'ACT', 'Australia'],
] as const;

export async function generateDirectoryData(db: Database, options: DirectoryDataOptions = {}): Promise<DirectoryDataSummary> {
  const started = performance.now();
  const approvedCount = options.approvedSuppliers ?? 5_000;
  const listingTarget = options.publishedListings ?? 50_000;
  const random = mulberry32(options.seed ?? 20_240_201);

  const servicesByChannel = await insertCatalogue(db);
  const channelSlugs = [...servicesByChannel.keys()];
  const allServices = [...servicesByChannel.values()].flat();

  // Suppliers: approved ones first, then applicants and inactive ones (never listed).
  const applicantCount = Math.round(approvedCount / 10);
  const inactiveCount = Math.round(approvedCount / 50);
  const names = new Set<string>();
  const supplierRows: { name: string; status: string; focus: string; summary: string; place: readonly [string, string, string] }[] = [];
  for (let index = 0; index < approvedCount + applicantCount + inactiveCount; index += 1) {
    const focus = pick(random, channelSlugs);
    const status = index < approvedCount ? 'approved' : index < approvedCount + applicantCount ? 'applicant' : 'inactive';
    const name = uniqueName(random, names, focus);
    const place = pick(random, PLACES);
    const focusTitles = (servicesByChannel.get(focus) ?? []).map((service) => service.title.toLowerCase());
    const summary = `${name} is a ${place[0]}-based team providing ${pick(random, focusTitles)} and ${pick(random, focusTitles)} to central and local government.`;
    supplierRows.push({ name, status, focus, summary, place });
  }
  const ids: number[] = [];
  for (const batch of chunks(supplierRows, BATCH_ROWS)) {
    const result = await rows<{ id: number }>(
      db,
      sql`insert into suppliers (trading_name, legal_name, status, summary, city, state, country)
          select n, n || ' Limited', s, m, c, st, co
          from unnest(${textArray(batch.map((r) => r.name))}, ${textArray(batch.map((r) => r.status))},
                      ${textArray(batch.map((r) => r.summary))}, ${textArray(batch.map((r) => r.place[0]))},
                      ${textArray(batch.map((r) => r.place[1]))}, ${textArray(batch.map((r) => r.place[2]))})
               with ordinality as t(n, s, m, c, st, co, o)
          order by o
          returning id`,
    );
    ids.push(...result.map((row) => row.id));
  }

  // Listings: six to fourteen per approved supplier, mostly in its focus channel, topped up to the target.
  const listingCounts = supplierRows.slice(0, approvedCount).map(() => 6 + Math.floor(random() * 9));
  let total = listingCounts.reduce((sum, count) => sum + count, 0);
  while (total < listingTarget) {
    const index = Math.floor(random() * approvedCount);
    listingCounts[index] = (listingCounts[index] ?? 0) + 1;
    total += 1;
  }
  const listings: { supplierId: number; serviceId: number; published: boolean }[] = [];
  supplierRows.forEach((supplier, index) => {
    const supplierId = ids[index];
    if (supplierId === undefined) {
      throw new Error('Supplier insert returned fewer ids than rows');
    }
    const approved = supplier.status === 'approved';
    const published = approved ? (listingCounts[index] ?? 0) : 0;
    // Approved suppliers also have a pending listing now and then; others only pending ones.
    const pending = approved ? (random() < 0.2 ? 1 : 0) : 1 + Math.floor(random() * 3);
    const focusPool = servicesByChannel.get(supplier.focus) ?? allServices;
    const chosen = new Set<number>();
    while (chosen.size < published + pending) {
      chosen.add(pick(random, random() < 0.8 ? focusPool : allServices).id);
    }
    [...chosen].forEach((serviceId, position) => {
      listings.push({ supplierId, serviceId, published: position < published });
    });
  });
  const insertListings = async (target: Database) => {
    for (const batch of chunks(listings, BATCH_ROWS)) {
      await target.execute(
        sql`insert into supplier_services (supplier_id, service_id, published_at)
            select s, v, case when p then timestamptz '2024-02-01' + (s % 700) * interval '1 day' end
            from unnest(${intArray(batch.map((l) => l.supplierId))}, ${intArray(batch.map((l) => l.serviceId))},
                        ${boolArray(batch.map((l) => l.published))}) as t(s, v, p)`,
      );
    }
  };
  let searchBuildMilliseconds: number | null = null;
  if (options.searchBuild === 'bulk') {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await insertListings(tx);
      await tx.execute(sql`SET LOCAL session_replication_role = origin`);
      await tx.execute(sql`ANALYZE suppliers, supplier_services`);
      const buildStarted = performance.now();
      // The triggers' own function over every supplier: the rows they would have left behind.
      await tx.execute(sql`SELECT directory_refresh_suppliers(ARRAY(SELECT id FROM suppliers ORDER BY id))`);
      searchBuildMilliseconds = Math.round(performance.now() - buildStarted);
    });
  } else {
    await insertListings(db);
  }
  const publishedListings = listings.filter((listing) => listing.published).length;
  return {
    channels: demoChannels.length,
    catalogues: demoChannels.reduce((sum, channel) => sum + channel.catalogues.length, 0),
    services: allServices.length,
    suppliers: supplierRows.length,
    approvedSuppliers: approvedCount,
    publishedListings,
    unpublishedListings: listings.length - publishedListings,
    milliseconds: Math.round(performance.now() - started),
    searchBuildMilliseconds,
  };
}

interface GeneratedService {
  id: number;
  title: string;
}

/** The demo catalogue plus three variants of every demo service; returns the services of each channel. */
async function insertCatalogue(db: Database): Promise<Map<string, GeneratedService[]>> {
  const byChannel = new Map<string, GeneratedService[]>();
  for (const [position, channel] of demoChannels.entries()) {
    const [channelRow] = await rows<{ id: number }>(
      db,
      sql`insert into channels (slug, title, description, position)
          values (${channel.slug}, ${channel.title}, ${channel.description}, ${position}) returning id`,
    );
    const channelServices: GeneratedService[] = [];
    for (const [cataloguePosition, catalogue] of channel.catalogues.entries()) {
      const [catalogueRow] = await rows<{ id: number }>(
        db,
        sql`insert into catalogues (channel_id, slug, title, description, position)
            values (${channelRow?.id}, ${catalogue.slug}, ${catalogue.title}, ${catalogue.description}, ${cataloguePosition})
            returning id`,
      );
      const entries = catalogue.services.flatMap((service) => [
        service,
        ...VARIANTS.map((variant) => ({
          slug: `${variant.qualifier.toLowerCase()}-${service.slug}`,
          title: `${variant.qualifier} ${service.title.charAt(0).toLowerCase()}${service.title.slice(1)}`,
          description: `${service.description} ${variant.note}`,
        })),
      ]);
      const inserted = await rows<GeneratedService>(
        db,
        sql`insert into services (catalogue_id, slug, title, description)
            select ${catalogueRow?.id}, s, t, d
            from unnest(${textArray(entries.map((e) => e.slug))}, ${textArray(entries.map((e) => e.title))},
                        ${textArray(entries.map((e) => e.description))}) as x(s, t, d)
            returning id, title`,
      );
      channelServices.push(...inserted);
    }
    byChannel.set(channel.slug, channelServices);
  }
  return byChannel;
}

function uniqueName(random: () => number, taken: Set<string>, focus: string): string {
  const cores = NAME_CORES[focus] ?? ['Services'];
  for (let attempt = 0; ; attempt += 1) {
    const base = `${pick(random, NAME_STARTS)} ${pick(random, cores)}${pick(random, NAME_ENDS)}`;
    const name = attempt < 5 ? base : `${base} ${attempt}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** Arrays travel as one bound parameter each (a PostgreSQL array literal), cast in SQL. */
function textArray(values: readonly string[]) {
  return sql`${arrayLiteral(values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`))}::text[]`;
}
function intArray(values: readonly number[]) {
  return sql`${arrayLiteral(values.map(String))}::int[]`;
}
function boolArray(values: readonly boolean[]) {
  return sql`${arrayLiteral(values.map((value) => (value ? 't' : 'f')))}::boolean[]`;
}
function arrayLiteral(elements: readonly string[]): string {
  return `{${elements.join(',')}}`;
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) {
    throw new Error('pick from an empty list');
  }
  return item;
}


if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    throw new Error('Set DATABASE_URL to an empty, migrated database');
  }
  const handle = await openDatabase({ databaseUrl });
  try {
    console.log(await generateDirectoryData(handle.db));
  } finally {
    await handle.close();
  }
}
