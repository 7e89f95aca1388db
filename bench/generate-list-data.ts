/**
 * Deterministic data for the list benchmark (issue 33), on top of the directory's and the open
 * data's (bench/generate-directory-data.ts and bench/generate-open-data-data.ts, which must have run
 * first: suppliers, listings, approved agencies, engagement notices and billing reports). Adds what
 * the team's, the suppliers' and the agencies' list screens read and the other generators leave out:
 *   - people: marketplace team members, one admin for each supplier, and agency users (members of
 *     the approved agencies, one membership active each), as the invitations leave them;
 *   - agency registrations still waiting for the team or declined (the approved ones are the open
 *     data's);
 *   - supplier registrations (pending, approved, declined, with unique business numbers while
 *     pending), applications for services in every stage with the services they ask for, and
 *     changes of supplier details waiting, approved, declined or withdrawn;
 *   - message threads on suppliers, applications, engagement notices (with the notice's agency) and
 *     billing reports, open or resolved, some assigned to a team member, each with its messages
 *     (the team's, the supplier's, the agency's) and the team's read marks;
 *   - audit entries of the actions the portal writes (app/audit/audit-actions.ts), by the people
 *     above, spread over the years the reports cover, with their before and after.
 * One approved supplier, `heavySupplierId`, is made the portal's largest: 1 notice in 200 (with its
 * reports), 1 thread in 200 and 1 audit entry in 200 are its, so the supplier's own lists have pages
 * to go through; the agency lists use the agency with the most notices (`busiestAgencyId`).
 *
 * Bulk inserted with `unnest` arrays, 10,000 rows a statement, ids given by the database.
 */
import { sql } from 'drizzle-orm';
import { AUDIT_ACTION_GROUPS } from '../app/audit/audit-actions';
import { referenceIdWith } from '../common/reference-ids';
import type { Database } from '../server/db/client';
import { agencyFormV1 } from '../server/db/content/agency-form';
import { mulberry32 } from '../server/seed/random';
import { boolArray, chunks, intArray, pick, rows, textArray, timestampArray } from './bulk-sql';

export interface ListDataOptions {
  /** Marketplace team members (default 25): assignees, deciders and actors. */
  teamMembers?: number;
  /** Agency users (default 2,000), spread over the approved agencies. */
  agencyUsers?: number;
  /** Supplier registrations in every state (default: one for each approved supplier and a tenth more). */
  registrations?: number;
  /** Applications for services in every stage (default: 1.3 for each supplier). */
  applications?: number;
  /** Changes of supplier details (default: one supplier in ten). */
  detailChanges?: number;
  /** Message threads (default 100,000), with about 4 messages each. */
  threads?: number;
  /** Audit entries (default 2,000,000). */
  auditEntries?: number;
  seed?: number;
}

export interface ListDataSummary {
  teamMembers: number;
  supplierUsers: number;
  agencyUsers: number;
  agencyRegistrations: number;
  registrations: number;
  applications: number;
  applicationServices: number;
  detailChanges: number;
  threads: number;
  messages: number;
  auditEntries: number;
  heavySupplierId: number;
  heavySupplierNotices: number;
  heavySupplierReports: number;
  busiestAgencyId: number;
  busiestAgencyNotices: number;
  milliseconds: number;
}

const BATCH_ROWS = 10_000;
const DAY_MS = 86_400_000;
/** The audit log and the threads span these years (the reports' own). */
const HISTORY_START = Date.UTC(2023, 0, 1);
const HISTORY_END = Date.UTC(2026, 10, 1);

/** Cumulative shares: registrations, applications, detail changes and threads by state. */
const REGISTRATION_STATES = [['pending', 0.08], ['approved', 0.85], ['declined', 1]] as const;
const APPLICATION_STATES = [
  ['incomplete', 0.12],
  ['submitted', 0.2],
  ['pre_assessment', 0.26],
  ['in_progress', 0.34],
  ['granted', 0.4],
  ['listing_validation', 0.45],
  ['published', 0.9],
  ['declined', 1],
] as const;
const CHANGE_STATES = [['pending', 0.1], ['approved', 0.8], ['declined', 0.93], ['withdrawn', 1]] as const;
const THREAD_MODELS = [['supplier', 0.35], ['application', 0.55], ['engagement-notice', 0.85], ['billing-report', 1]] as const;
const THREAD_TITLES: Record<string, readonly string[]> = {
  supplier: ['Updating our insurance certificate', 'Change of contact person', 'Question about our listing', 'Bank account details', 'Our NZBN changed'],
  application: ['Documents for the pre-assessment', 'Question about the evidence asked', 'Timing of the assessment', 'Referees for this application'],
  'engagement-notice': ['Dispute of the engagement dates', 'Value of the engagement', 'Purchase order number', 'Agency contact for this engagement'],
  'billing-report': ['Days billed in this month', 'Correction of the amount', 'Report sent against the wrong notice', 'Query from the agency'],
};
const MESSAGE_TEXTS = [
  'Thanks, we have attached the updated document.',
  'Could you please confirm the dates on your side?',
  'We have checked our records and the amount is right.',
  'The agency has asked for the purchase order number.',
  'This is now sorted, thank you for your help.',
  'Please see the timesheet summary for the month.',
  'We will send the corrected report by Friday.',
  'Kia ora, a quick question about the next step.',
];
const PEOPLE_FIRST = ['Aroha', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Finn', 'Grace', 'Hemi', 'Isla', 'Jack', 'Kiri', 'Liam', 'Mere', 'Noah', 'Olivia', 'Priya', 'Rawiri', 'Sophie', 'Tama', 'Zoe'];
const PEOPLE_LAST = ['Ngata', 'Smith', 'Walker', 'Patel', 'Wilson', 'Te Huia', 'Brown', 'Chen', 'Taylor', 'Parata', 'Singh', 'Thompson'];

/** The audit actions by what they concern, with the entity their entries name. */
const AUDIT_ACTIONS = AUDIT_ACTION_GROUPS.flatMap((group) => Object.keys(group.actions).map((action) => ({ action, entity: group.prefix.replace(/\.$/, '') })));
/** Weighted: the everyday actions (saving, submitting, answering) far outnumber the rest. */
const COMMON_AUDIT_ACTIONS = AUDIT_ACTIONS.filter(({ action }) => /\.(save|submit|create|confirm|post|message|sign-in|switch|update)/.test(action));

function stateOf<T extends string>(random: () => number, states: readonly (readonly [T, number])[]): T {
  const roll = random();
  return (states.find(([, share]) => roll < share) ?? states[states.length - 1])?.[0] as T;
}

const personName = (random: () => number) => `${pick(random, PEOPLE_FIRST)} ${pick(random, PEOPLE_LAST)}`;
const between = (random: () => number, start: number, end: number) => new Date(start + Math.floor(random() * (end - start)));

export async function generateListData(db: Database, options: ListDataOptions = {}): Promise<ListDataSummary> {
  const started = performance.now();
  const random = mulberry32(options.seed ?? 20_261_201);
  const pickIndex = (below: number) => Math.floor(random() * below);

  const supplierRows = await rows<{ id: number; status: string; name: string }>(db, sql`SELECT id, status, trading_name AS name FROM suppliers ORDER BY id`);
  const approvedIds = supplierRows.filter((row) => row.status === 'approved').map((row) => row.id);
  const agencyIds = (await rows<{ id: number }>(db, sql`SELECT id FROM agency_applications WHERE status = 'approved' ORDER BY id`)).map((row) => row.id);
  const serviceIds = (await rows<{ id: number }>(db, sql`SELECT id FROM services ORDER BY id`)).map((row) => row.id);
  if (approvedIds.length === 0 || agencyIds.length === 0) {
    throw new Error('Generate the directory and open data first');
  }
  const heavySupplierId = approvedIds[0] ?? 0;

  // The largest supplier: 1 notice in 200 and its reports become its own.
  await db.execute(sql`UPDATE engagement_notices SET supplier_id = ${heavySupplierId} WHERE id % 200 = 0`);
  await db.execute(sql`UPDATE billing_reports r SET supplier_id = ${heavySupplierId} FROM engagement_notices n WHERE n.id = r.engagement_notice_id AND n.id % 200 = 0`);
  const [heavy] = await rows<{ notices: number; reports: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM engagement_notices WHERE supplier_id = ${heavySupplierId}) AS notices,
               (SELECT count(*)::int FROM billing_reports WHERE supplier_id = ${heavySupplierId}) AS reports`,
  );
  const [busiest] = await rows<{ id: number; n: number }>(db, sql`SELECT agency_id AS id, count(*)::int AS n FROM engagement_notices GROUP BY agency_id ORDER BY n DESC, agency_id LIMIT 1`);

  // People: the team, one admin per supplier, the agencies' users.
  const teamCount = options.teamMembers ?? 25;
  const agencyUserCount = options.agencyUsers ?? 2_000;
  const people: { email: string; name: string; team: boolean; supplierId: number | null }[] = [];
  for (let index = 0; index < teamCount; index += 1) {
    people.push({ email: `team${String(index + 1)}@marketplace.example`, name: personName(random), team: true, supplierId: null });
  }
  for (const supplier of supplierRows) {
    people.push({ email: `admin@supplier${String(supplier.id)}.example`, name: personName(random), team: false, supplierId: supplier.id });
  }
  for (let index = 0; index < agencyUserCount; index += 1) {
    people.push({ email: `person${String(index + 1)}@agency-user.govt.example`, name: personName(random), team: false, supplierId: null });
  }
  const userIds: number[] = [];
  for (const batch of chunks(people, BATCH_ROWS)) {
    const inserted = await rows<{ id: number }>(
      db,
      sql`INSERT INTO users (email, name, is_staff, team_since, active_supplier_id, created_at, updated_at)
          SELECT e, n, t, CASE WHEN t THEN timestamptz '2022-06-01' END, s, timestamptz '2022-06-01', timestamptz '2022-06-01'
          FROM unnest(${textArray(batch.map((p) => p.email))}, ${textArray(batch.map((p) => p.name))}, ${boolArray(batch.map((p) => p.team))},
                      ${intArray(batch.map((p) => p.supplierId ?? 0))}) WITH ORDINALITY AS t(e, n, t, s0, o)
          CROSS JOIN LATERAL (SELECT nullif(s0, 0) AS s) AS x
          ORDER BY o RETURNING id`,
    );
    userIds.push(...inserted.map((row) => row.id));
  }
  const teamIds = userIds.slice(0, teamCount);
  const supplierUserIds = new Map(supplierRows.map((supplier, index) => [supplier.id, userIds[teamCount + index] ?? 0]));
  const agencyUserIds = userIds.slice(teamCount + supplierRows.length);
  await db.execute(
    sql`INSERT INTO supplier_memberships (supplier_id, user_id, is_admin)
        SELECT s, u, true FROM unnest(${intArray([...supplierUserIds.keys()])}, ${intArray([...supplierUserIds.values()])}) AS t(s, u)`,
  );
  const agencyOfUser = agencyUserIds.map(() => pick(random, agencyIds));
  for (const batch of chunks(agencyUserIds.map((userId, index) => ({ userId, agencyId: agencyOfUser[index] ?? 0, admin: random() < 0.15 })), BATCH_ROWS)) {
    await db.execute(
      sql`INSERT INTO agency_memberships (agency_id, user_id, is_admin, is_active)
          SELECT a, u, ad, true FROM unnest(${intArray(batch.map((m) => m.agencyId))}, ${intArray(batch.map((m) => m.userId))}, ${boolArray(batch.map((m) => m.admin))}) AS t(a, u, ad)`,
    );
  }

  // Agency registrations the team has yet to decide, or declined: a third as many as the approved ones.
  const agencyRegistrations = Math.max(10, Math.round(agencyIds.length / 3));
  const agencyRows = Array.from({ length: agencyRegistrations }, (_, index) => {
    const submittedAt = between(random, HISTORY_START, HISTORY_END);
    return { name: `Agency applicant ${String(index + 1)}`, email: `procurement@applicant${String(index + 1)}.govt.example`, status: random() < 0.5 ? 'submitted' : 'declined', submittedAt };
  });
  await db.execute(
    sql`INSERT INTO agency_applications (resume_token_hash, form_version, data, status, last_step, agency_name, contact_email, expires_at, submitted_at, decided_at, created_at, last_edited)
        SELECT md5('bench-agency-applicant-' || n), ${agencyFormV1.version}, jsonb_build_object('agency_name', n, 'contact_email', e), st, 4, n, e,
               s + interval '30 days', s, CASE WHEN st = 'declined' THEN s + interval '3 days' END, s - interval '1 day', s
        FROM unnest(${textArray(agencyRows.map((r) => r.name))}, ${textArray(agencyRows.map((r) => r.email))}, ${textArray(agencyRows.map((r) => r.status))},
                    ${timestampArray(agencyRows.map((r) => r.submittedAt))}) AS t(n, e, st, s)`,
  );

  // Supplier registrations: the approved ones created the approved suppliers, the rest wait or were declined.
  const registrationCount = options.registrations ?? Math.round(approvedIds.length * 1.1);
  const references = new Set<string>();
  const registrationRows = Array.from({ length: registrationCount }, (_, index) => {
    let reference = referenceIdWith('REG', pickIndex);
    while (references.has(reference)) {
      reference = referenceIdWith('REG', pickIndex);
    }
    references.add(reference);
    const status = stateOf(random, REGISTRATION_STATES);
    const supplier = supplierRows[index % supplierRows.length];
    const createdAt = between(random, HISTORY_START - 365 * DAY_MS, HISTORY_END);
    return {
      reference,
      status,
      name: supplier && status === 'approved' ? supplier.name : `Registrant business ${String(index + 1)}`,
      // Unique 13 digits: pending ones must not share a number.
      nzbn: `94${String(index + 1).padStart(11, '0')}`,
      registrant: personName(random),
      email: `registrant${String(index + 1)}@business.example`,
      createdSupplierId: status === 'approved' ? (supplier?.id ?? null) : null,
      decidedBy: status === 'pending' ? null : pick(random, teamIds),
      createdAt,
      decidedAt: status === 'pending' ? null : new Date(createdAt.getTime() + (1 + pickIndex(10)) * DAY_MS),
    };
  });
  for (const batch of chunks(registrationRows, BATCH_ROWS)) {
    await db.execute(
      sql`INSERT INTO supplier_registrations (reference_id, status, form_key, form_version, answers, trading_name, nzbn, registrant_name, registrant_email,
                                             created_supplier_id, decline_reasons, decided_by_user_id, decided_at, created_at)
          SELECT r, st, 'registration', 1, jsonb_build_object('trading_name', n, 'nzbn', z, 'registrant_name', rn, 'registrant_email', e), n, z, rn, e,
                 nullif(cs, 0), CASE WHEN st = 'declined' THEN 'The business number does not match the trading name.' END, nullif(db, 0), da, ca
          FROM unnest(${textArray(batch.map((r) => r.reference))}, ${textArray(batch.map((r) => r.status))}, ${textArray(batch.map((r) => r.name))},
                      ${textArray(batch.map((r) => r.nzbn))}, ${textArray(batch.map((r) => r.registrant))}, ${textArray(batch.map((r) => r.email))},
                      ${intArray(batch.map((r) => r.createdSupplierId ?? 0))}, ${intArray(batch.map((r) => r.decidedBy ?? 0))},
                      ${timestampArray(batch.map((r) => r.decidedAt))}, ${timestampArray(batch.map((r) => r.createdAt))}) AS t(r, st, n, z, rn, e, cs, db, da, ca)`,
    );
  }

  // Applications for services, in every stage, with the services they ask for.
  const applicationCount = options.applications ?? Math.round(supplierRows.length * 1.3);
  const applicationReferences = new Set<string>();
  const applicationRows = Array.from({ length: applicationCount }, (_, index) => {
    let reference = referenceIdWith('MP', pickIndex);
    while (applicationReferences.has(reference)) {
      reference = referenceIdWith('MP', pickIndex);
    }
    applicationReferences.add(reference);
    const supplierId = index % 200 === 0 ? heavySupplierId : (supplierRows[pickIndex(supplierRows.length)]?.id ?? heavySupplierId);
    const status = stateOf(random, APPLICATION_STATES);
    const createdAt = between(random, HISTORY_START - 365 * DAY_MS, HISTORY_END);
    const stageAt = new Date(createdAt.getTime() + pickIndex(60) * DAY_MS);
    const requested = Array.from(new Set(Array.from({ length: 1 + pickIndex(3) }, () => pick(random, serviceIds))));
    return {
      reference,
      supplierId,
      status,
      progress: status === 'incomplete' ? 1 + pickIndex(4) : 5,
      createdAt,
      lastEdited: stageAt,
      timestamps: JSON.stringify({ incomplete: createdAt.toISOString(), ...(status === 'incomplete' ? {} : { submitted: createdAt.toISOString(), [status]: stageAt.toISOString() }) }),
      services: requested,
      createdBy: supplierUserIds.get(supplierId) ?? null,
    };
  });
  let applicationServiceCount = 0;
  for (const batch of chunks(applicationRows, BATCH_ROWS)) {
    const ids = await rows<{ id: number }>(
      db,
      sql`INSERT INTO applications (reference_id, supplier_id, form_versions, data, status, progress, status_timestamps, created_by_user_id, created_at, last_edited)
          SELECT r, s, '[{"key":"application","version":1}]'::jsonb, jsonb_build_object('services', sv::int[], 'termsAccepted', true), st, p, ts::jsonb, nullif(cb, 0), ca, le
          FROM unnest(${textArray(batch.map((a) => a.reference))}, ${intArray(batch.map((a) => a.supplierId))}, ${textArray(batch.map((a) => `{${a.services.join(',')}}`))},
                      ${textArray(batch.map((a) => a.status))}, ${intArray(batch.map((a) => a.progress))}, ${textArray(batch.map((a) => a.timestamps))},
                      ${intArray(batch.map((a) => a.createdBy ?? 0))}, ${timestampArray(batch.map((a) => a.createdAt))}, ${timestampArray(batch.map((a) => a.lastEdited))})
               WITH ORDINALITY AS t(r, s, sv, st, p, ts, cb, ca, le, o)
          ORDER BY o RETURNING id`,
    );
    const lines = batch.flatMap((application, index) =>
      application.services.map((serviceId) => ({
        applicationId: ids[index]?.id ?? 0,
        serviceId,
        status: application.status === 'published' || application.status === 'granted' || application.status === 'listing_validation' ? 'granted' : application.status === 'declined' ? 'declined' : 'requested',
      })),
    );
    applicationServiceCount += lines.length;
    await db.execute(
      sql`INSERT INTO application_services (application_id, service_id, status, decided_at, decline_reason)
          SELECT a, s, st, CASE WHEN st <> 'requested' THEN timestamptz '2025-01-01' END, CASE WHEN st = 'declined' THEN 'The evidence did not cover this service.' END
          FROM unnest(${intArray(lines.map((l) => l.applicationId))}, ${intArray(lines.map((l) => l.serviceId))}, ${textArray(lines.map((l) => l.status))}) AS t(a, s, st)`,
    );
  }

  // Changes of supplier details: at most one waiting per supplier.
  const changeCount = Math.min(options.detailChanges ?? Math.round(supplierRows.length / 10), supplierRows.length);
  const changeRows = Array.from({ length: changeCount }, (_, index) => {
    const supplier = supplierRows[(index * 7) % supplierRows.length] ?? supplierRows[0];
    const status = stateOf(random, CHANGE_STATES);
    const requestedAt = between(random, HISTORY_START, HISTORY_END);
    return {
      supplierId: supplier?.id ?? heavySupplierId,
      status,
      before: JSON.stringify({ tradingName: supplier?.name ?? '', nzbn: null }),
      after: JSON.stringify({ tradingName: `${supplier?.name ?? ''} Group`, nzbn: `95${String(index + 1).padStart(11, '0')}` }),
      requestedBy: supplierUserIds.get(supplier?.id ?? 0) ?? null,
      requestedAt,
      decidedBy: status === 'approved' || status === 'declined' ? pick(random, teamIds) : null,
      decidedAt: status === 'pending' ? null : new Date(requestedAt.getTime() + 2 * DAY_MS),
    };
  });
  // One pending change per supplier: a later duplicate is withdrawn instead.
  const pendingSuppliers = new Set<number>();
  for (const change of changeRows) {
    if (change.status === 'pending' && pendingSuppliers.has(change.supplierId)) {
      change.status = 'withdrawn';
    }
    if (change.status === 'pending') {
      pendingSuppliers.add(change.supplierId);
    }
  }
  for (const batch of chunks(changeRows, BATCH_ROWS)) {
    await db.execute(
      sql`INSERT INTO supplier_detail_changes (supplier_id, status, before, after, requested_by_user_id, requested_at, decided_by_user_id, decided_at, decision_reason)
          SELECT s, st, b::jsonb, a::jsonb, nullif(rb, 0), ra, nullif(db, 0), da, CASE WHEN st = 'declined' THEN 'The NZBN register shows another name.' END
          FROM unnest(${intArray(batch.map((c) => c.supplierId))}, ${textArray(batch.map((c) => c.status))}, ${textArray(batch.map((c) => c.before))}, ${textArray(batch.map((c) => c.after))},
                      ${intArray(batch.map((c) => c.requestedBy ?? 0))}, ${timestampArray(batch.map((c) => c.requestedAt))}, ${intArray(batch.map((c) => c.decidedBy ?? 0))},
                      ${timestampArray(batch.map((c) => c.decidedAt))}) AS t(s, st, b, a, rb, ra, db, da)`,
    );
  }

  // Threads on the records, each with its messages; the team reads most of them.
  const threadCount = options.threads ?? 100_000;
  const [noticeRange] = await rows<{ low: number; high: number }>(db, sql`SELECT min(id)::int AS low, max(id)::int AS high FROM engagement_notices`);
  const [reportRange] = await rows<{ low: number; high: number }>(db, sql`SELECT min(id)::int AS low, max(id)::int AS high FROM billing_reports`);
  const [applicationRange] = await rows<{ low: number; high: number }>(db, sql`SELECT min(id)::int AS low, max(id)::int AS high FROM applications`);
  const inRange = (range: { low: number; high: number } | undefined) => (range ? range.low + pickIndex(range.high - range.low + 1) : 1);
  const threadDrafts = Array.from({ length: threadCount }, (_, index) => {
    const model = stateOf(random, THREAD_MODELS);
    const createdAt = between(random, HISTORY_START, HISTORY_END);
    const messages = 1 + pickIndex(7);
    const resolved = createdAt.getTime() < HISTORY_END - 60 * DAY_MS ? random() < 0.85 : random() < 0.3;
    return {
      model,
      recordId: model === 'engagement-notice' ? inRange(noticeRange) : model === 'billing-report' ? inRange(reportRange) : model === 'application' ? inRange(applicationRange) : 0,
      heavy: index % 200 === 0,
      title: pick(random, THREAD_TITLES[model] ?? ['Question']),
      resolved,
      assignee: random() < 0.6 ? pick(random, teamIds) : null,
      createdAt,
      messages,
      lastAt: new Date(createdAt.getTime() + (messages - 1) * (1 + pickIndex(3)) * DAY_MS),
    };
  });
  let messageCount = 0;
  for (const batch of chunks(threadDrafts, BATCH_ROWS)) {
    // The record's own supplier (and the notice's agency): looked up in the statement.
    const inserted = await rows<{ id: number; supplierId: number; agencyId: number | null }>(
      db,
      sql`INSERT INTO threads (model, record_id, supplier_id, title, agency_id, is_resolved, resolved_at, resolved_by_user_id, created_by_user_id, assignee_user_id, created_at, updated_at)
          SELECT t.m, coalesce(nullif(t.r, 0), x.supplier_id), x.supplier_id, t.ti, x.agency_id, t.res, CASE WHEN t.res THEN t.la END, CASE WHEN t.res THEN nullif(t.a, 0) END,
                 NULL, nullif(t.a, 0), t.ca, t.la
          FROM unnest(${textArray(batch.map((t) => t.model))}, ${intArray(batch.map((t) => t.recordId))}, ${boolArray(batch.map((t) => t.heavy))},
                      ${intArray(batch.map(() => supplierRows[pickIndex(supplierRows.length)]?.id ?? heavySupplierId))}, ${textArray(batch.map((t) => t.title))},
                      ${boolArray(batch.map((t) => t.resolved))}, ${intArray(batch.map((t) => t.assignee ?? 0))}, ${timestampArray(batch.map((t) => t.createdAt))},
                      ${timestampArray(batch.map((t) => t.lastAt))}) WITH ORDINALITY AS t(m, r, h, s, ti, res, a, ca, la, o)
          CROSS JOIN LATERAL (
            SELECT CASE WHEN t.h THEN ${heavySupplierId} ELSE coalesce(n.supplier_id, b.supplier_id, ap.supplier_id, t.s) END AS supplier_id,
                   CASE WHEN t.m = 'engagement-notice' THEN n.agency_id END AS agency_id
            FROM (SELECT 1) AS one
            LEFT JOIN engagement_notices n ON t.m = 'engagement-notice' AND n.id = t.r
            LEFT JOIN billing_reports b ON t.m = 'billing-report' AND b.id = t.r
            LEFT JOIN applications ap ON t.m = 'application' AND ap.id = t.r) AS x
          ORDER BY t.o
          RETURNING id, supplier_id AS "supplierId", agency_id AS "agencyId"`,
    );
    const messages = batch.flatMap((thread, index) => {
      const row = inserted[index];
      const step = thread.messages > 1 ? (thread.lastAt.getTime() - thread.createdAt.getTime()) / (thread.messages - 1) : 0;
      return Array.from({ length: thread.messages }, (_, position) => {
        // Supplier and team take turns; on a notice the agency has its say too.
        const fromTeam = position % 2 === 1;
        const fromAgency = !fromTeam && row?.agencyId !== null && row?.agencyId !== undefined && position % 4 === 2;
        const author = fromTeam ? (thread.assignee ?? pick(random, teamIds)) : fromAgency ? pick(random, agencyUserIds) : (supplierUserIds.get(row?.supplierId ?? 0) ?? null);
        return { threadId: row?.id ?? 0, author, fromTeam, fromAgency, content: pick(random, MESSAGE_TEXTS), at: new Date(thread.createdAt.getTime() + Math.round(step * position)) };
      });
    });
    messageCount += messages.length;
    for (const part of chunks(messages, BATCH_ROWS * 2)) {
      await db.execute(
        sql`INSERT INTO thread_messages (thread_id, author_user_id, is_from_staff, is_from_agency, content, created_at)
            SELECT t, nullif(a, 0), ft, fa, c, at
            FROM unnest(${intArray(part.map((m) => m.threadId))}, ${intArray(part.map((m) => m.author ?? 0))}, ${boolArray(part.map((m) => m.fromTeam))},
                        ${boolArray(part.map((m) => m.fromAgency))}, ${textArray(part.map((m) => m.content))}, ${timestampArray(part.map((m) => m.at))}) AS t(t, a, ft, fa, c, at)`,
      );
    }
    // The assignee has read the thread up to its last message, most of the time.
    const reads = batch.flatMap((thread, index) => (thread.assignee !== null && random() < 0.8 ? [{ threadId: inserted[index]?.id ?? 0, userId: thread.assignee, at: thread.lastAt }] : []));
    await db.execute(
      sql`INSERT INTO thread_reads (thread_id, user_id, last_read_at)
          SELECT t, u, a FROM unnest(${intArray(reads.map((r) => r.threadId))}, ${intArray(reads.map((r) => r.userId))}, ${timestampArray(reads.map((r) => r.at))}) AS t(t, u, a)`,
    );
  }

  // The audit log: everyday actions by suppliers' and agencies' people, the team's decisions.
  const auditCount = options.auditEntries ?? 2_000_000;
  const supplierIdList = supplierRows.map((row) => row.id);
  for (let done = 0; done < auditCount; done += BATCH_ROWS) {
    const size = Math.min(BATCH_ROWS, auditCount - done);
    const entries = Array.from({ length: size }, (_, offset) => {
      const { action, entity } = random() < 0.8 ? pick(random, COMMON_AUDIT_ACTIONS.length > 0 ? COMMON_AUDIT_ACTIONS : AUDIT_ACTIONS) : pick(random, AUDIT_ACTIONS);
      const supplierId = (done + offset) % 200 === 0 ? heavySupplierId : pick(random, supplierIdList);
      const roll = random();
      const actor = roll < 0.15 ? pick(random, teamIds) : roll < 0.3 ? pick(random, agencyUserIds) : roll < 0.97 ? (supplierUserIds.get(supplierId) ?? null) : null;
      const entityId = String(1 + pickIndex(100_000));
      return {
        // In the order written: the time grows with the id, as in the portal.
        at: new Date(HISTORY_START + Math.floor(((done + offset + random()) / auditCount) * (HISTORY_END - HISTORY_START))),
        actor,
        action,
        entity,
        entityId,
        supplierId: entity === 'agency' || entity === 'team-member' ? null : supplierId,
        before: JSON.stringify({ status: 'draft', id: Number(entityId) }),
        after: JSON.stringify({ status: 'submitted', id: Number(entityId) }),
        requestId: `req-${String(done + offset + 1)}`,
      };
    });
    await db.execute(
      sql`INSERT INTO audit_log (at, actor_user_id, action, entity, entity_id, supplier_id, before, after, request_id)
          SELECT at, nullif(a, 0), ac, e, ei, nullif(s, 0), b::jsonb, af::jsonb, r
          FROM unnest(${timestampArray(entries.map((e) => e.at))}, ${intArray(entries.map((e) => e.actor ?? 0))}, ${textArray(entries.map((e) => e.action))},
                      ${textArray(entries.map((e) => e.entity))}, ${textArray(entries.map((e) => e.entityId))}, ${intArray(entries.map((e) => e.supplierId ?? 0))},
                      ${textArray(entries.map((e) => e.before))}, ${textArray(entries.map((e) => e.after))}, ${textArray(entries.map((e) => e.requestId))})
               AS t(at, a, ac, e, ei, s, b, af, r)`,
    );
  }

  return {
    teamMembers: teamCount,
    supplierUsers: supplierRows.length,
    agencyUsers: agencyUserIds.length,
    agencyRegistrations,
    registrations: registrationCount,
    applications: applicationCount,
    applicationServices: applicationServiceCount,
    detailChanges: changeCount,
    threads: threadCount,
    messages: messageCount,
    auditEntries: auditCount,
    heavySupplierId,
    heavySupplierNotices: heavy?.notices ?? 0,
    heavySupplierReports: heavy?.reports ?? 0,
    busiestAgencyId: busiest?.id ?? agencyIds[0] ?? 0,
    busiestAgencyNotices: busiest?.n ?? 0,
    milliseconds: Math.round(performance.now() - started),
  };
}
