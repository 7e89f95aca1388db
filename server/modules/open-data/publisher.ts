/**
 * Publishes what became publishable since the last run (issue 32): each fact once, as an immutable
 * release appended to open_data_releases. One publisher at a time (a transaction-wide advisory
 * lock), so releases become visible in `sequence` order and the feed, paging by sequence, never
 * skips one that committed late. Each kind goes in batches, so a first run over a large history
 * stays a series of short transactions. A run looks only at what open_data_changes names (issue
 * 33), so a run with nothing new costs one read of that table, not a pass over the history; a run
 * over everything is the first one, the daily one, and any after a run over everything failed.
 */
import { and, asc, eq, inArray, isNotNull, min, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { withdrawnReasonLabel, type WithdrawnReason } from '../../../common/reporting/engagement-notices';
import { isMaoriBusinessOf, supplierScaleOf } from '../../../common/supplier-details/classification';
import type { Database } from '../../db/client';
import { isLiveCatalogue, isLiveService } from '../../db/live-catalogue';
import {
  agencyApplications,
  billingReports,
  catalogues,
  channels,
  engagementNotices,
  engagementNoticeServices,
  openDataChanges,
  openDataReleases,
  services,
  supplierServices,
  suppliers,
} from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { publishedNotice, publishedReport, withdrawnPublishedNotice } from './publication-rules';
import { compileWaitingRecords, keepRecords, RECORD_COMPILE_BATCH_SIZE, RECORDS_KEPT_FROM } from './records';
import {
  approvalRelease,
  engagementOcidStart,
  engagementRelease,
  frameworkRelease,
  spendRelease,
  withdrawalRelease,
  type CatalogueFacts,
  type Publication,
  type Release,
  type SupplierFacts,
} from './releases';

/** Any number, the same in every process: the lock that keeps publishers one at a time. */
const PUBLISHER_LOCK_KEY = 320_032;
/** Facts of one kind published in one transaction. */
export const PUBLISH_BATCH_SIZE = 500;

/** A release says this fact already (`source` as open_data_releases.source names it). */
const isPublished = (source: SQL) => sql`EXISTS (SELECT 1 FROM ${openDataReleases} WHERE ${openDataReleases.source} = ${source})`;
const notPublished = (source: SQL) => sql`NOT ${isPublished(source)}`;
const catalogueSource = sql`'catalogue:' || ${catalogues.id}`;
const noticeSource = sql`'notice:' || ${engagementNotices.id}`;

/**
 * Where a run is in a kind: the last row of its last batch, by the kind's order (an id, or for
 * approvals a catalogue's id and a supplier's). The next batch starts after it, so a first run over
 * a long history reads each row once instead of skipping every row published so far at each batch.
 * A row that becomes publishable behind it meanwhile is the next run's.
 */
type Cursor = readonly number[] | undefined;

/** After `cursor` by the columns of the kind's order; anything when a run starts. */
function after(columns: readonly AnyColumn[], cursor: Cursor): SQL | undefined {
  return cursor === undefined ? undefined : sql`(${sql.join([...columns], sql`, `)}) > (${sql.join(cursor.map((value) => sql`${value}`), sql`, `)})`;
}

interface Batch {
  added: number;
  cursor: Cursor;
}

/** What changed since the last run, by subject (open_data_changes): the ids a run looks at. */
interface Changed {
  catalogues: readonly number[];
  suppliers: readonly number[];
  notices: readonly number[];
  reports: readonly number[];
}

/** Which facts a run looks at: every one, or those of what changed. */
type Scope = 'everything' | Changed;

/**
 * A kind's rows within the run's scope: no condition for everything; rows whose column holds one
 * of the changed ids otherwise; `none` when nothing the kind depends on changed (it is skipped).
 */
function withinScope(scope: Scope, kind: Kind): SQL | undefined | 'none' {
  if (scope === 'everything') {
    return undefined;
  }
  const conditions = kind.dependsOn(scope)
    .filter(([, ids]) => ids.length > 0)
    .map(([column, ids]) => inArray(column, [...ids]));
  return conditions.length === 0 ? 'none' : or(...conditions);
}

interface NewRelease {
  source: string;
  release: Release;
}

/** Appends the releases not published yet, and brings their processes' records up to date. */
async function append(db: Database, recordsKeptFrom: number, releases: readonly NewRelease[]): Promise<void> {
  if (releases.length === 0) {
    return;
  }
  const appended = await db
    .insert(openDataReleases)
    .values(releases.map(({ source, release }) => ({ source, releaseId: release.id, ocid: release.ocid, releasedAt: new Date(release.date), release: release as unknown as Record<string, unknown> })))
    .onConflictDoNothing()
    .returning({ sequence: openDataReleases.sequence, releaseId: openDataReleases.releaseId });
  const byId = new Map(releases.map(({ release }) => [release.id, release]));
  await keepRecords(
    db,
    appended.map((row) => ({ sequence: row.sequence, release: required(byId, row.releaseId) })),
    recordsKeptFrom,
  );
}

async function supplierFacts(db: Database, ids: readonly number[]): Promise<Map<number, SupplierFacts>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db.select().from(suppliers).where(inArray(suppliers.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        tradingName: row.tradingName,
        legalName: row.legalName,
        nzbn: row.nzbn,
        abn: row.abn,
        city: row.city,
        region: row.state,
        country: row.country,
        scale: supplierScaleOf(row.details),
        isMaoriBusiness: isMaoriBusinessOf(row.details),
      },
    ]),
  );
}

/** The cursor after a batch: its last row's (an empty batch ends its kind's part of the run). */
function lastOf<T>(rows: readonly T[], key: (row: T) => readonly number[]): Cursor {
  const last = rows.at(-1);
  return last === undefined ? undefined : key(last);
}

function required<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) {
    throw new Error(`Open data: ${String(key)} is missing`);
  }
  return value;
}

const catalogueColumns = { id: catalogues.id, title: catalogues.title, description: catalogues.description, channelTitle: channels.title };

/** Live catalogues never published: their frameworks. */
async function publishFrameworks(db: Database, { publication, now, batchSize, recordsKeptFrom }: Run, cursor: Cursor, changed: SQL | undefined): Promise<Batch> {
  const rows: CatalogueFacts[] = await db
    .select(catalogueColumns)
    .from(catalogues)
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(and(isLiveCatalogue(catalogues.id), notPublished(catalogueSource), changed, after([catalogues.id], cursor)))
    .orderBy(asc(catalogues.id))
    .limit(batchSize);
  await append(db, recordsKeptFrom, rows.map((catalogue) => ({ source: `catalogue:${String(catalogue.id)}`, release: frameworkRelease(publication, catalogue, now) })));
  return { added: rows.length, cursor: lastOf(rows, (row) => [row.id]) };
}

/** Approved suppliers with a published service in a published framework, never published there: their approvals. */
async function publishApprovals(db: Database, { publication, batchSize, recordsKeptFrom }: Run, cursor: Cursor, changed: SQL | undefined): Promise<Batch> {
  const source = sql`'approval:' || ${catalogues.id} || ':' || ${supplierServices.supplierId}`;
  const rows = await db
    .select({ ...catalogueColumns, supplierId: supplierServices.supplierId, approvedAt: min(supplierServices.publishedAt) })
    .from(supplierServices)
    .innerJoin(suppliers, eq(suppliers.id, supplierServices.supplierId))
    .innerJoin(services, eq(services.id, supplierServices.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(
      and(
        // Every approved supplier's: open data spans them all.
        ownedBy(supplierServices, ANY_SUPPLIER),
        eq(suppliers.status, 'approved'),
        isNotNull(supplierServices.publishedAt),
        isLiveService(services.id),
        isPublished(catalogueSource),
        notPublished(source),
        changed,
        after([catalogues.id, supplierServices.supplierId], cursor),
      ),
    )
    .groupBy(catalogues.id, channels.title, supplierServices.supplierId)
    .orderBy(asc(catalogues.id), asc(supplierServices.supplierId))
    .limit(batchSize);
  const facts = await supplierFacts(db, rows.map((row) => row.supplierId));
  await append(
    db,
    recordsKeptFrom,
    rows.map((row) => ({
      source: `approval:${String(row.id)}:${String(row.supplierId)}`,
      release: approvalRelease(publication, row, required(facts, row.supplierId), row.approvedAt ?? new Date()),
    })),
  );
  return { added: rows.length, cursor: lastOf(rows, (row) => [row.id, row.supplierId]) };
}

/** Confirmed engagements never published. */
async function publishEngagements(db: Database, { publication, batchSize, recordsKeptFrom }: Run, cursor: Cursor, changed: SQL | undefined): Promise<Batch> {
  const rows = await db
    .select({ notice: engagementNotices, agencyName: agencyApplications.agencyName })
    .from(engagementNotices)
    .innerJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
    .where(and(ownedBy(engagementNotices, ANY_SUPPLIER), publishedNotice(), notPublished(noticeSource), changed, after([engagementNotices.id], cursor)))
    .orderBy(asc(engagementNotices.id))
    .limit(batchSize);
  if (rows.length === 0) {
    return { added: 0, cursor };
  }
  const lines = await db
    .select({ noticeId: engagementNoticeServices.engagementNoticeId, id: services.id, title: services.title, catalogue: catalogueColumns })
    .from(engagementNoticeServices)
    .innerJoin(services, eq(services.id, engagementNoticeServices.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(inArray(engagementNoticeServices.engagementNoticeId, rows.map((row) => row.notice.id)))
    .orderBy(asc(services.id));
  const facts = await supplierFacts(db, rows.map((row) => row.notice.supplierId));
  await append(
    db,
    recordsKeptFrom,
    rows.map(({ notice, agencyName }) => ({
      source: `notice:${String(notice.id)}`,
      release: engagementRelease(publication, {
        noticeId: notice.id,
        title: notice.title ?? `Engagement ${String(notice.id)}`,
        reference: notice.reference,
        startDate: notice.startDate ?? (notice.submittedAt ?? notice.createdAt).toISOString().slice(0, 10),
        endDate: notice.endDate,
        valueCents: notice.valueCents ?? 0,
        confirmedAt: notice.agencyRespondedAt ?? notice.submittedAt ?? notice.createdAt,
        agency: { id: notice.agencyId ?? 0, name: agencyName },
        supplier: required(facts, notice.supplierId),
        services: lines.filter((line) => line.noticeId === notice.id),
      }),
    })),
  );
  return { added: rows.length, cursor: lastOf(rows, (row) => [row.notice.id]) };
}

/** Published engagements withdrawn since. */
async function publishWithdrawals(db: Database, { publication, batchSize, recordsKeptFrom }: Run, cursor: Cursor, changed: SQL | undefined): Promise<Batch> {
  const rows = await db
    .select({ id: engagementNotices.id, reason: engagementNotices.withdrawnReason, other: engagementNotices.withdrawnReasonOther, history: engagementNotices.statusHistory, lastEdited: engagementNotices.lastEdited })
    .from(engagementNotices)
    .where(
      and(
        ownedBy(engagementNotices, ANY_SUPPLIER),
        withdrawnPublishedNotice(),
        isPublished(noticeSource),
        notPublished(sql`${noticeSource} || ':withdrawn'`),
        changed,
        after([engagementNotices.id], cursor),
      ),
    )
    .orderBy(asc(engagementNotices.id))
    .limit(batchSize);
  await append(
    db,
    recordsKeptFrom,
    rows.map((row) => {
      const withdrawn = row.history.findLast((entry) => entry.status === 'withdrawn');
      const reason = row.reason === 'other' && row.other ? row.other : withdrawnReasonLabel((row.reason ?? 'other') as WithdrawnReason);
      return { source: `notice:${String(row.id)}:withdrawn`, release: withdrawalRelease(publication, row.id, withdrawn ? new Date(withdrawn.at) : row.lastEdited, reason) };
    }),
  );
  return { added: rows.length, cursor: lastOf(rows, (row) => [row.id]) };
}

/** Confirmed spend never published at its current amount: new, or a correction of one published before. */
async function publishSpend(db: Database, { publication, batchSize, recordsKeptFrom }: Run, cursor: Cursor, changed: SQL | undefined): Promise<Batch> {
  const source = sql`'report:' || ${billingReports.id} || ':' || ${billingReports.amountCents}`;
  const rows = await db
    .select({
      id: billingReports.id,
      noticeId: engagementNotices.id,
      supplierId: billingReports.supplierId,
      period: billingReports.billingPeriod,
      amountCents: billingReports.amountCents,
      confirmedAt: billingReports.agencyRespondedAt,
      agencyId: engagementNotices.agencyId,
      agencyName: agencyApplications.agencyName,
      // Within the engagement's record (its ocid is indexed): a LIKE built from a column would read every source.
      versionsBefore: sql<number>`(SELECT count(*)::int FROM ${openDataReleases}
        WHERE ${openDataReleases.ocid} = ${engagementOcidStart(publication)} || ${engagementNotices.id}
          AND ${openDataReleases.source} LIKE 'report:' || ${billingReports.id} || ':%')`,
    })
    .from(billingReports)
    // A report's notice is its own supplier's (the save checks it).
    .innerJoin(engagementNotices, and(eq(engagementNotices.id, billingReports.engagementNoticeId), ownedBy(engagementNotices, ANY_SUPPLIER)))
    .innerJoin(agencyApplications, eq(agencyApplications.id, engagementNotices.agencyId))
    .where(
      and(
        ownedBy(billingReports, ANY_SUPPLIER),
        publishedReport(),
        isPublished(noticeSource),
        notPublished(source),
        changed,
        after([billingReports.id], cursor),
      ),
    )
    .orderBy(asc(billingReports.id))
    .limit(batchSize);
  const facts = await supplierFacts(db, rows.map((row) => row.supplierId));
  await append(
    db,
    recordsKeptFrom,
    rows.map((row) => ({
      source: `report:${String(row.id)}:${String(row.amountCents ?? 0)}`,
      release: spendRelease(
        publication,
        {
          reportId: row.id,
          noticeId: row.noticeId,
          billingPeriod: row.period ?? '',
          amountCents: row.amountCents ?? 0,
          confirmedAt: row.confirmedAt ?? new Date(),
          agency: { id: row.agencyId ?? 0, name: row.agencyName },
          supplier: required(facts, row.supplierId),
        },
        row.versionsBefore > 0,
        row.versionsBefore + 1,
      ),
    })),
  );
  return { added: rows.length, cursor: lastOf(rows, (row) => [row.id]) };
}

/** A kind of fact: how it is published (`changed` narrows it to what changed, undefined for everything), and the columns its facts depend on, each with the changed ids it looks for. */
interface Kind {
  publish: (db: Database, run: Run, cursor: Cursor, changed: SQL | undefined) => Promise<Batch>;
  dependsOn: (changed: Changed) => readonly (readonly [AnyColumn, readonly number[]])[];
}

/** The kinds in the order their releases depend on each other: a framework before its approvals, an engagement before its spend. */
const KINDS: readonly Kind[] = [
  { publish: publishFrameworks, dependsOn: (changed) => [[catalogues.id, changed.catalogues]] },
  // A catalogue's change (a service retired or back, its framework just published) reaches every supplier in it.
  { publish: publishApprovals, dependsOn: (changed) => [[catalogues.id, changed.catalogues], [supplierServices.supplierId, changed.suppliers]] },
  { publish: publishEngagements, dependsOn: (changed) => [[engagementNotices.id, changed.notices]] },
  { publish: publishWithdrawals, dependsOn: (changed) => [[engagementNotices.id, changed.notices]] },
  // A notice just published makes its confirmed reports publishable too.
  { publish: publishSpend, dependsOn: (changed) => [[billingReports.id, changed.reports], [billingReports.engagementNoticeId, changed.notices]] },
];

/** One transaction under the publisher's lock. */
async function asPublisher<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PUBLISHER_LOCK_KEY})`);
    return work(tx);
  });
}

/** What a run publishes with: the names every release shares, its date for new frameworks, facts of a kind a transaction, and from how many releases a process's record is kept. */
interface Run {
  publication: Publication;
  now: Date;
  batchSize: number;
  recordsKeptFrom: number;
}

/** Changes looked at together: their ids go into each kind's statement as one array each. */
const CHANGES_BATCH_SIZE = 5_000;

/** Every kind in turn, each in batches, within the scope; answers how many releases it added. */
async function publishKinds(db: Database, run: Run, scope: Scope): Promise<number> {
  let total = 0;
  for (const kind of KINDS) {
    const changed = withinScope(scope, kind);
    if (changed === 'none') {
      continue;
    }
    let cursor: Cursor;
    for (;;) {
      const batch = await asPublisher(db, (tx) => kind.publish(tx, run, cursor, changed));
      total += batch.added;
      cursor = batch.cursor;
      if (batch.added < run.batchSize) {
        break;
      }
    }
  }
  return total;
}

/**
 * A run over every fact. The changes noted so far are deleted first, as this run reads everything
 * they name (what commits later stays for the next run), and an `everything` change of its own is
 * noted in their place until the run ends: if it fails half-way, the next run is over everything too.
 */
async function publishEverything(db: Database, run: Run): Promise<number> {
  const [marker] = await db.transaction(async (tx) => {
    await tx.delete(openDataChanges);
    return tx.insert(openDataChanges).values({ subject: 'everything', subjectId: 0 }).returning({ id: openDataChanges.id });
  });
  const added = await publishKinds(db, run, 'everything');
  if (marker) {
    await db.delete(openDataChanges).where(eq(openDataChanges.id, marker.id));
  }
  return added;
}

/** The ids of each subject among the changes. */
function changedOf(changes: readonly { subject: string; subjectId: number }[]): Changed {
  const idsOf = (subject: string) => [...new Set(changes.filter((change) => change.subject === subject).map((change) => change.subjectId))];
  return { catalogues: idsOf('catalogue'), suppliers: idsOf('supplier'), notices: idsOf('notice'), reports: idsOf('report') };
}

/**
 * Publishes everything publishable not yet published among what changed since the last run (every
 * fact with `everything`, or when a change asks for it), then compiles the records waiting to be
 * compiled afresh (`records.ts`); answers how many releases it added. The changes a run looked at
 * are deleted by id once their facts are published, so one committed meanwhile is the next run's.
 */
export async function publishOpenData(
  db: Database,
  publication: Publication,
  options: Partial<Omit<Run, 'publication'>> & { everything?: boolean } = {},
): Promise<number> {
  const run: Run = { publication, now: options.now ?? new Date(), batchSize: options.batchSize ?? PUBLISH_BATCH_SIZE, recordsKeptFrom: options.recordsKeptFrom ?? RECORDS_KEPT_FROM };
  let total = options.everything === true ? await publishEverything(db, run) : 0;
  for (;;) {
    const changes = await db.select().from(openDataChanges).orderBy(asc(openDataChanges.id)).limit(CHANGES_BATCH_SIZE);
    if (changes.some((change) => change.subject === 'everything')) {
      total += await publishEverything(db, run);
      continue;
    }
    if (changes.length > 0) {
      total += await publishKinds(db, run, changedOf(changes));
      await db.delete(openDataChanges).where(inArray(openDataChanges.id, changes.map((change) => change.id)));
    }
    if (changes.length < CHANGES_BATCH_SIZE) {
      break;
    }
  }
  let compiled: number;
  do {
    compiled = await asPublisher(db, (tx) => compileWaitingRecords(tx));
  } while (compiled === RECORD_COMPILE_BATCH_SIZE);
  return total;
}
