/**
 * The public insights (issue 32): figures from the same records the open data publishes, and only
 * those (`publishedNotice()`, `publishedReport()` of the open-data area), added up in SQL.
 *
 * - Spend: the lines of published billing reports, by service's catalogue and month in one
 *   statement; channels, catalogues and months are summed from those few rows.
 * - Small and Māori businesses: published notices (count and value) and published spend, grouped in
 *   SQL by the two answers of the supplier's details the classification reads, each group then
 *   classified by `supplierScaleOf` / `isMaoriBusinessOf` (common/supplier-details/classification.ts).
 * - Approved suppliers per live catalogue: the public directory's own rows (`supplier_search`).
 * - How long applications wait: median and 90th percentile days of each of the team's stages that
 *   ended in the last 12 months, from each application's `statusTimestamps`.
 *
 * Adding up years of billing reports takes seconds (about 4 s for 2.5 million reports), so the page
 * does not: the insights job stores the figures (`refreshInsightsFigures`, one row of
 * `insights_figures`) and the page reads them (`readStoredInsightsFigures`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { REPORT_FIELDS, REPORT_STEPS, billingPeriodLabel } from '../../../common/reporting/billing-reports';
import { isMaoriBusinessOf, supplierScaleOf } from '../../../common/supplier-details/classification';
import type { Database } from '../../db/client';
import { isLiveCatalogue } from '../../db/live-catalogue';
import { selectRows } from '../../db/raw-rows';
import { applications, billingReports, catalogues, channels, engagementNotices, insightsFigures, services, suppliers } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { publishedNotice, publishedReport } from '../open-data/service';

/** An amount of spend under one heading (a channel, a catalogue, a month). */
export interface SpendRow {
  key: string;
  label: string;
  amountCents: number;
}

export interface CatalogueSpendRow extends SpendRow {
  channel: string;
}

/** One measure (published engagements' count or value, published spend) and how much of it went to small and to Māori businesses. */
export interface ShareRow {
  key: 'engagements' | 'engagement-value' | 'spend';
  label: string;
  /** Whether the amounts are money (cents) or a count. */
  isMoney: boolean;
  total: number;
  smallBusiness: number;
  maoriBusiness: number;
  /** Of the total, what went to suppliers that did not say their size / whether they are a Māori business. */
  scaleNotStated: number;
  maoriNotStated: number;
}

export interface CatalogueSuppliersRow {
  catalogueId: number;
  catalogue: string;
  channel: string;
  suppliers: number;
}

export interface StageWaitRow {
  key: string;
  label: string;
  /** Applications whose stage ended in the last 12 months. */
  applications: number;
  medianDays: number | null;
  ninetiethPercentileDays: number | null;
}

export interface InsightsFigures {
  spend: { totalCents: number; byChannel: SpendRow[]; byCatalogue: CatalogueSpendRow[]; byMonth: SpendRow[] };
  shares: ShareRow[];
  suppliersPerCatalogue: CatalogueSuppliersRow[];
  applicationWaits: StageWaitRow[];
}

/** At most this many months of spend are shown: the latest with published spend. */
export const SPEND_MONTHS = 12;

/** Every line of every published billing report: its supplier, month and the line itself. */
function publishedLines(db: Database) {
  return db
    .select({
      period: billingReports.billingPeriod,
      line: sql<unknown>`jsonb_array_elements(${billingReports.data} -> ${REPORT_STEPS.amounts} -> ${REPORT_FIELDS.lines})`.as('line'),
    })
    .from(billingReports)
    // Open data spans every supplier; a report's notice is its own supplier's (the save checks it).
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .where(and(ownedBy(billingReports, ANY_SUPPLIER), publishedReport()))
    .as('published_lines');
}

/** Published spend by catalogue (with its channel) and month: one row per pair, few. */
async function spendByCatalogueAndMonth(db: Database) {
  const lines = publishedLines(db);
  const amount = sql`((${lines.line} ->> ${REPORT_FIELDS.amount})::bigint)`;
  return db
    .select({
      period: sql<string>`${lines.period}`,
      catalogueId: catalogues.id,
      catalogue: catalogues.title,
      cataloguePosition: catalogues.position,
      channelId: channels.id,
      channel: channels.title,
      channelPosition: channels.position,
      amount: sql<string>`coalesce(sum(${amount}), 0)`,
    })
    .from(lines)
    .innerJoin(services, eq(services.id, sql`((${lines.line} ->> ${REPORT_FIELDS.service})::integer)`))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .groupBy(lines.period, catalogues.id, channels.id);
}

function sumBy<T>(rows: readonly T[], keyOf: (row: T) => string, amountOf: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) {
    sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + amountOf(row));
  }
  return sums;
}

/** The most first, then by name. */
function byAmount<T extends SpendRow>(rows: T[]): T[] {
  return rows.sort((a, b) => b.amountCents - a.amountCents || a.label.localeCompare(b.label, 'en-NZ'));
}

async function getSpend(db: Database): Promise<InsightsFigures['spend']> {
  const rows = (await spendByCatalogueAndMonth(db)).map((row) => ({ ...row, amountCents: Number(row.amount) }));
  const channelSums = sumBy(rows, (row) => String(row.channelId), (row) => row.amountCents);
  const catalogueSums = sumBy(rows, (row) => String(row.catalogueId), (row) => row.amountCents);
  const monthSums = sumBy(rows, (row) => row.period, (row) => row.amountCents);
  const byChannel = byAmount([...channelSums].map(([key, amountCents]) => ({ key, label: rows.find((row) => String(row.channelId) === key)?.channel ?? key, amountCents })));
  const byCatalogue = byAmount(
    [...catalogueSums].map(([key, amountCents]) => {
      const row = rows.find((candidate) => String(candidate.catalogueId) === key);
      return { key, label: row?.catalogue ?? key, channel: row?.channel ?? '', amountCents };
    }),
  );
  const byMonth = [...monthSums]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(-SPEND_MONTHS)
    .map(([key, amountCents]) => ({ key, label: billingPeriodLabel(key), amountCents }));
  return { totalCents: byChannel.reduce((total, row) => total + row.amountCents, 0), byChannel, byCatalogue, byMonth };
}

/**
 * The two answers the classification reads, as text to group by: grouping by them in SQL leaves a
 * handful of rows (one per combination of answers), each classified in Node by the one rule however
 * many suppliers there are. (Both are strings of the details form's choices; grouping by their text
 * is about twice as fast as by their jsonb.)
 */
const sizeAnswer = sql<string | null>`(${suppliers.details} ->> 'size_of_company')`;
const maoriAnswer = sql<string | null>`(${suppliers.details} ->> 'maori_business')`;

/** The answers as the classification reads them from a supplier's details. */
function answersOf(row: { size: string | null; maori: string | null }): Record<string, unknown> {
  return { size_of_company: row.size ?? undefined, maori_business: row.maori ?? undefined };
}

interface ClassifiedSums {
  answers: Record<string, unknown>;
  amounts: number[];
}

function shareRow(key: ShareRow['key'], label: string, isMoney: boolean, groups: readonly ClassifiedSums[], index: number): ShareRow {
  const row: ShareRow = { key, label, isMoney, total: 0, smallBusiness: 0, maoriBusiness: 0, scaleNotStated: 0, maoriNotStated: 0 };
  for (const group of groups) {
    const amount = group.amounts[index] ?? 0;
    const scale = supplierScaleOf(group.answers);
    const isMaori = isMaoriBusinessOf(group.answers);
    row.total += amount;
    row.smallBusiness += scale === 'sme' ? amount : 0;
    row.scaleNotStated += scale === null ? amount : 0;
    row.maoriBusiness += isMaori === true ? amount : 0;
    row.maoriNotStated += isMaori === null ? amount : 0;
  }
  return row;
}

async function getShares(db: Database): Promise<ShareRow[]> {
  const notices = await db
    .select({ size: sizeAnswer, maori: maoriAnswer, count: sql<string>`count(*)`, value: sql<string>`coalesce(sum(${engagementNotices.valueCents}), 0)` })
    .from(engagementNotices)
    .innerJoin(suppliers, eq(suppliers.id, engagementNotices.supplierId))
    // Open data spans every supplier.
    .where(and(ownedBy(engagementNotices, ANY_SUPPLIER), publishedNotice()))
    .groupBy(sizeAnswer, maoriAnswer);
  const spend = await db
    .select({ size: sizeAnswer, maori: maoriAnswer, amount: sql<string>`coalesce(sum(${billingReports.amountCents}), 0)` })
    .from(billingReports)
    // Open data spans every supplier; a report's notice is its own supplier's (the save checks it).
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .innerJoin(suppliers, eq(suppliers.id, billingReports.supplierId))
    .where(and(ownedBy(billingReports, ANY_SUPPLIER), publishedReport()))
    .groupBy(sizeAnswer, maoriAnswer);
  const noticeGroups = notices.map((row) => ({ answers: answersOf(row), amounts: [Number(row.count), Number(row.value)] }));
  const spendGroups = spend.map((row) => ({ answers: answersOf(row), amounts: [Number(row.amount)] }));
  return [
    shareRow('engagements', 'Engagements (number)', false, noticeGroups, 0),
    shareRow('engagement-value', 'Engagements (value)', true, noticeGroups, 1),
    shareRow('spend', 'Spend billed', true, spendGroups, 0),
  ];
}

/** Each live catalogue, in the catalogue's order, with how many suppliers the public directory lists in it. */
async function getSuppliersPerCatalogue(db: Database): Promise<CatalogueSuppliersRow[]> {
  return selectRows<CatalogueSuppliersRow>(
    db,
    sql`WITH listed AS (
          SELECT catalogue_id, count(*)::integer AS suppliers
          FROM supplier_search, unnest(catalogue_ids) AS catalogue_id
          GROUP BY catalogue_id)
        SELECT c.id AS "catalogueId", c.title AS catalogue, ch.title AS channel, coalesce(listed.suppliers, 0) AS suppliers
        FROM catalogues c
        JOIN channels ch ON ch.id = c.channel_id
        LEFT JOIN listed ON listed.catalogue_id = c.id
        WHERE ${isLiveCatalogue(sql`c.id`)}
        ORDER BY ch.position, ch.id, c.position, c.id`,
  );
}

/**
 * The stages the team acts on, each from the status that starts it to the one that ends it; an
 * application declined during a stage ends it then (spec §4: any stage before publication may be
 * declined).
 */
export const WAIT_STAGES = [
  { key: 'first-review', label: 'Submitted to first review', from: 'submitted', to: 'pre_assessment' },
  { key: 'decision', label: 'Submitted to decision', from: 'submitted', to: 'granted' },
  { key: 'listing-check', label: 'Listing details sent to published', from: 'listing_validation', to: 'published' },
] as const;

const DAY_SECONDS = 86_400;

async function getApplicationWaits(db: Database, now: Date): Promise<StageWaitRow[]> {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  const stages = sql.join(
    WAIT_STAGES.map((stage) => sql`(${stage.key}, ${stage.from}, ${stage.to})`),
    sql`, `,
  );
  // Applications of every supplier: the team's own service figures (no supplier's record is shown).
  const rows = await selectRows<{ key: string; applications: number; median: number | null; ninetieth: number | null }>(
    db,
    sql`SELECT stage.key, count(*)::integer AS applications,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY waited.seconds) / ${DAY_SECONDS} AS median,
          percentile_cont(0.9) WITHIN GROUP (ORDER BY waited.seconds) / ${DAY_SECONDS} AS ninetieth
        FROM ${applications} a
        CROSS JOIN (VALUES ${stages}) AS stage(key, from_status, to_status)
        CROSS JOIN LATERAL (SELECT
          (a.status_timestamps ->> stage.from_status)::timestamptz AS started,
          coalesce((a.status_timestamps ->> stage.to_status)::timestamptz, (a.status_timestamps ->> 'declined')::timestamptz) AS ended) AS span
        CROSS JOIN LATERAL (SELECT extract(epoch FROM span.ended - span.started)::double precision AS seconds) AS waited
        WHERE span.started IS NOT NULL AND span.ended >= span.started
          AND span.ended > ${since.toISOString()}::timestamptz AND span.ended <= ${now.toISOString()}::timestamptz
        GROUP BY stage.key`,
  );
  return WAIT_STAGES.map((stage) => {
    const row = rows.find((candidate) => candidate.key === stage.key);
    return {
      key: stage.key,
      label: stage.label,
      applications: row?.applications ?? 0,
      medianDays: row?.median ?? null,
      ninetiethPercentileDays: row?.ninetieth ?? null,
    };
  });
}

/** Every figure of the insights page, as of `now`, added up from the records. */
export async function getInsightsFigures(db: Database, now = new Date()): Promise<InsightsFigures> {
  const [spend, shares, suppliersPerCatalogue, applicationWaits] = await Promise.all([
    getSpend(db),
    getShares(db),
    getSuppliersPerCatalogue(db),
    getApplicationWaits(db, now),
  ]);
  return { spend, shares, suppliersPerCatalogue, applicationWaits };
}

/** The figures as the insights job last stored them, and when it added them up. */
export interface StoredInsightsFigures {
  figures: InsightsFigures;
  computedAt: Date;
}

/** Adds up every figure as of `now` and stores them for the page (the insights job; on the primary). */
export async function refreshInsightsFigures(db: Database, now = new Date()): Promise<StoredInsightsFigures> {
  const figures = await getInsightsFigures(db, now);
  await db
    .insert(insightsFigures)
    .values({ id: 1, figures, computedAt: now })
    .onConflictDoUpdate({ target: insightsFigures.id, set: { figures, computedAt: now } });
  return { figures, computedAt: now };
}

/** The stored figures; null before the insights job has ever run. */
export async function readStoredInsightsFigures(db: Database): Promise<StoredInsightsFigures | null> {
  const [row] = await db.select().from(insightsFigures).where(eq(insightsFigures.id, 1));
  return row ? { figures: row.figures as InsightsFigures, computedAt: row.computedAt } : null;
}

