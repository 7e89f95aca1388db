/**
 * Deterministic directory data for the benchmark: the demo channels, catalogues and services, three
 * generated variants of each demo service, thousands of approved suppliers with about ten published
 * listings each, plus applicants and inactive suppliers that must never show. Every published
 * listing has a service listing (issue 30) with a live version: a summary and three to five
 * features (which the directory indexes), benefits, delivery, pricing and service levels; a few are
 * suspended, some have a change waiting for review, and the applicants' pending listings have
 * drafts (none of which the directory may index). Bulk inserted with `unnest` arrays (one statement
 * per batch); the directory triggers index listings per statement.
 *
 * Run on its own to load an empty, migrated database: DATABASE_URL=… tsx bench/generate-directory-data.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { demoChannels } from '../server/seed/demo-catalogue';
import { mulberry32 } from '../server/seed/random';
import { boolArray, chunks, intArray, pick, pickDistinct, rows, textArray } from './bulk-sql';

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
  /** Service listings with a live version, of which suspended, and of which with a change waiting for review. */
  liveServiceListings: number;
  suspendedServiceListings: number;
  serviceListingsInReview: number;
  /** Service listings never published (drafts of pending listings). */
  draftServiceListings: number;
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
/** Service listing text (issue 30): who it is for, how it is delivered, and features by channel and in general. */
const LISTING_AUDIENCES = [
  'central government agencies', 'regional and district councils', 'Crown entities', 'schools and tertiary institutions',
  'health agencies', 'small agencies without an in-house team', 'agencies across Aotearoa', 'public sector teams of any size',
];
const LISTING_APPROACHES = [
  'from a first discovery workshop to handover', 'under a fixed-price statement of work', 'with a named lead and fortnightly reporting',
  'on site or remotely, as the work needs', 'in short agreed stages with a review at the end of each',
  'alongside agency staff, with knowledge transfer built in', 'to the New Zealand Government procurement rules',
];
const LISTING_CLOSINGS = [
  '', '', 'Prices are agreed before any work starts.', 'We have worked with more than forty public sector clients.',
  'Our people hold New Zealand Government security clearances.', 'Every engagement ends with a plain-language report.',
  'We can start within ten working days.', 'Te reo Māori speakers are part of the team.',
];
const CHANNEL_FEATURES: Record<string, readonly string[]> = {
  'digital-and-ict': [
    'Onshore hosting in New Zealand data centres', 'Single sign-on with the agency identity provider', 'Automated nightly backups',
    'Accessibility checked against WCAG 2.2 AA', 'Vulnerability scanning every month', 'Open APIs and documented integrations',
    'Incident response within one hour', 'Security-cleared engineers', 'Migration runbooks and rollback plans', 'Usage dashboards for the agency',
  ],
  'professional-services': [
    'Senior consultants with public sector experience', 'Evidence-based recommendations', 'Stakeholder interviews and workshops',
    'Cabinet paper and business case support', 'Benefits realisation framework', 'Independent peer review of every deliverable',
    'Board-ready summaries', 'Treaty of Waitangi considerations built in', 'Benchmarking against similar agencies', 'Coaching for agency leaders',
  ],
  'construction-and-facilities': [
    'Health and safety plan for every site', 'SiteWise prequalified contractors', 'Asset condition reports with photographs',
    'After-hours emergency callouts', 'Sustainable materials and waste recycling', 'Building consent management',
    'Planned maintenance schedules', 'Licensed building practitioners', 'Seismic assessment to the NZSEE guidelines', 'Nationwide subcontractor network',
  ],
  'corporate-services': [
    'Bilingual content in te reo Māori and English', 'Brand guidelines kept on every job', 'Proofreading and plain-language editing',
    'Print and digital from one brief', 'Event logistics and venue booking', 'Secure records handling and destruction certificates',
    'Campaign reporting against agreed measures', 'Photography and video production', 'Travel booking with duty of care tracking', 'Accessible formats on request',
  ],
};
const GENERAL_FEATURES = [
  'A named account manager', 'Fortnightly progress reports', 'Fixed-price statements of work', 'Knowledge transfer to agency staff',
  'Quality management certified to ISO 9001', 'Support from 8am to 6pm on working days', 'Rapid mobilisation', 'Clear exit and handover plans',
  'Teams in Wellington, Auckland and Christchurch', 'Carbon-neutral delivery', 'Plain-language reporting', 'Templates and playbooks included',
];
const LISTING_BENEFITS = [
  'Less risk for the agency', 'Work the agency owns outright', 'Faster decisions with better evidence', 'Lower whole-of-life cost',
  'Staff who can carry the work on', 'Services that meet government standards', 'Predictable monthly spend', 'One accountable supplier',
];
const SERVICE_FEATURES = [
  (title: string) => `${title} led by senior practitioners`,
  (title: string) => `Experienced ${lowerFirst(title)} specialists`,
  (title: string) => `${title} scoped to the agency's needs`,
  (title: string) => `${title} with agreed service levels`,
];
const PRICING_MODELS = ['fixed', 'day_rate', 'per_unit', 'subscription'] as const;

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
  const listings: { supplierId: number; serviceId: number; published: boolean; supplierIndex: number }[] = [];
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
      listings.push({ supplierId, serviceId, published: position < published, supplierIndex: index });
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
  // Service listings (issue 30): every published listing has a live version; the applicants' pending
  // ones have drafts. The live versions go in first, then each batch's listings are published by one
  // update of published_version, as the team's approval does, so the triggers refresh each supplier once a batch.
  const serviceTitles = new Map(allServices.map((service) => [service.id, service.title]));
  const serviceListingCounts = { live: 0, suspended: 0, inReview: 0, drafts: 0 };
  const serviceListingRows = listings.filter((listing) => listing.published || listing.supplierIndex % 2 === 0);
  const voices = new Map<number, ListingVoice>();
  const insertServiceListings = async (target: Database) => {
    for (const batch of chunks(serviceListingRows, BATCH_ROWS)) {
      const rowsOfBatch = batch.map((listing) => {
        const title = serviceTitles.get(listing.serviceId) ?? 'Services';
        let voice = voices.get(listing.supplierIndex);
        if (!voice) {
          voice = listingVoice(random, supplierRows[listing.supplierIndex]?.focus ?? '', supplierRows[listing.supplierIndex]?.place[0] ?? 'Wellington');
          voices.set(listing.supplierIndex, voice);
        }
        const live = listingAnswers(random, voice, title);
        const isLive = listing.published;
        const isSuspended = isLive && random() < 0.02;
        const isInReview = isLive && !isSuspended && random() < 0.1;
        const about = live.about as { summary: string; features: string[] };
        // A change waiting for review: a new sentence and one more feature, not live yet.
        const working = isInReview ? { ...live, about: { ...about, summary: `${about.summary} Now with a monthly review meeting.`, features: [...about.features, 'Monthly review meetings'] } } : live;
        serviceListingCounts.live += isLive ? 1 : 0;
        serviceListingCounts.suspended += isSuspended ? 1 : 0;
        serviceListingCounts.inReview += isInReview ? 1 : 0;
        serviceListingCounts.drafts += isLive ? 0 : 1;
        return { listing, live: JSON.stringify(live), working: JSON.stringify(working), status: isLive ? (isInReview ? 'in_review' : 'published') : 'draft', isLive, isSuspended };
      });
      const published = await rows<{ id: number }>(
        target,
        sql`WITH input AS (
              SELECT * FROM unnest(${intArray(rowsOfBatch.map((r) => r.listing.supplierId))}, ${intArray(rowsOfBatch.map((r) => r.listing.serviceId))},
                                   ${textArray(rowsOfBatch.map((r) => r.live))}, ${textArray(rowsOfBatch.map((r) => r.working))},
                                   ${textArray(rowsOfBatch.map((r) => r.status))}, ${boolArray(rowsOfBatch.map((r) => r.isLive))},
                                   ${boolArray(rowsOfBatch.map((r) => r.isSuspended))}) AS t(s, v, live, working, status, is_live, suspended)),
            inserted AS (
              INSERT INTO service_listings (supplier_id, service_id, form_version, data, status, suspended_at, submitted_at, created_at, last_edited)
              SELECT s, v, 1, working::jsonb, status, CASE WHEN suspended THEN timestamptz '2024-10-01' END,
                     CASE WHEN status = 'draft' THEN NULL ELSE timestamptz '2024-01-20' END, timestamptz '2024-01-15', timestamptz '2024-01-20'
              FROM input
              RETURNING id, supplier_id, service_id)
            INSERT INTO service_listing_versions (listing_id, version, form_version, data, published_at)
            SELECT i.id, 1, 1, input.live::jsonb, timestamptz '2024-02-01' + (i.supplier_id % 700) * interval '1 day'
            FROM inserted i JOIN input ON input.s = i.supplier_id AND input.v = i.service_id
            WHERE input.is_live
            RETURNING listing_id AS id`,
      );
      await target.execute(sql`UPDATE service_listings SET published_version = 1 WHERE id = ANY (${intArray(published.map((row) => row.id))})`);
    }
  };
  let searchBuildMilliseconds: number | null = null;
  if (options.searchBuild === 'bulk') {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await insertListings(tx);
      await insertServiceListings(tx);
      await tx.execute(sql`SET LOCAL session_replication_role = origin`);
      await tx.execute(sql`ANALYZE suppliers, supplier_services, service_listings, service_listing_versions`);
      const buildStarted = performance.now();
      // The triggers' own function over every supplier: the rows they would have left behind.
      await tx.execute(sql`SELECT directory_refresh_suppliers(ARRAY(SELECT id FROM suppliers ORDER BY id))`);
      searchBuildMilliseconds = Math.round(performance.now() - buildStarted);
    });
  } else {
    await insertListings(db);
    await insertServiceListings(db);
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
    liveServiceListings: serviceListingCounts.live,
    suspendedServiceListings: serviceListingCounts.suspended,
    serviceListingsInReview: serviceListingCounts.inReview,
    draftServiceListings: serviceListingCounts.drafts,
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

/**
 * How one supplier writes its listings: suppliers reuse their own wording from one listing to the
 * next, so each has its couple of audiences and ways of working, a closing line or two and a set of
 * features it claims, drawn from its channel's and general ones.
 */
interface ListingVoice {
  place: string;
  audiences: string[];
  approaches: string[];
  closings: string[];
  features: string[];
}

function listingVoice(random: () => number, channelSlug: string, place: string): ListingVoice {
  return {
    place,
    audiences: pickDistinct(random, LISTING_AUDIENCES, 2),
    approaches: pickDistinct(random, LISTING_APPROACHES, 2),
    closings: pickDistinct(random, LISTING_CLOSINGS, 2),
    features: pickDistinct(random, [...(CHANNEL_FEATURES[channelSlug] ?? []), ...GENERAL_FEATURES], 7),
  };
}

/**
 * A service listing's answers in the supplier's voice (the form's version 1): a summary of the
 * service for its buyers and three to five features (one about the service itself, the rest from
 * the supplier's own), benefits, delivery, pricing in cents and service levels.
 */
function listingAnswers(random: () => number, voice: ListingVoice, title: string): Record<string, Record<string, unknown>> {
  const closing = pick(random, voice.closings);
  const summary = `${title} for ${pick(random, voice.audiences)}, delivered by our ${voice.place}-based team ${pick(random, voice.approaches)}.${closing === '' ? '' : ` ${closing}`}`;
  const features = [pick(random, SERVICE_FEATURES)(title), ...pickDistinct(random, voice.features, 2 + Math.floor(random() * 3))];
  const priceFrom = (80 + Math.floor(random() * 170)) * 1_000;
  return {
    about: { summary, features, benefits: pickDistinct(random, LISTING_BENEFITS, 2) },
    delivery: { delivery_modes: random() < 0.5 ? ['remote', 'on_site'] : ['remote'], locations: [voice.place] },
    pricing: { pricing_model: pick(random, PRICING_MODELS), price_from: priceFrom, price_to: priceFrom * 2, price_unit: 'per day', included: 'Planning, delivery and a handover report.' },
    'service-levels': { service_levels: 'Support from 8:30am to 5pm on working days; we answer within one working day.' },
  };
}

function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
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
