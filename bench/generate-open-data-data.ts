/**
 * Deterministic reporting data for the open data benchmark (issue 32), on top of the directory's
 * (bench/generate-directory-data.ts, which must have run first: approved suppliers and their
 * published listings): approved agencies, engagement notices on services each supplier is approved
 * for, and their monthly billing reports, in every state the portal knows, shaped as the server
 * writes them (server/seed/demo-reporting.ts: the answers by step, the status history, the agency's
 * answer columns). Most notices are confirmed by their agency and so published; some were withdrawn
 * after that (their withdrawal is published), some are confidential, waiting for an answer,
 * disputed, withdrawn before an answer or drafts (never published). Reports on confirmed notices
 * are mostly confirmed, some queried or waiting, and the last month of some notices is a draft.
 *
 * Bulk inserted with `unnest` arrays, 10,000 rows a statement, with explicit ids (OVERRIDING
 * SYSTEM VALUE, then the identity moved past them) so the benchmark can name rows to correct.
 */
import { sql } from 'drizzle-orm';
import { DISPUTE_REASON_CODES } from '../common/reporting/agency-responses';
import { REPORT_FIELDS, REPORT_STEPS } from '../common/reporting/billing-reports';
import { NOTICE_FIELDS, NOTICE_STEPS, WITHDRAWN_REASON_CODES } from '../common/reporting/engagement-notices';
import type { Database } from '../server/db/client';
import { agencyFormV1 } from '../server/db/content/agency-form';
import { billingReportFormV1, engagementNoticeFormV1 } from '../server/db/content/reporting-forms';
import { mulberry32 } from '../server/seed/random';
import { bigintArray, chunks, intArray, pick, pickDistinct, rows, textArray, timestampArray } from './bulk-sql';

export interface OpenDataDataOptions {
  /** Approved agencies (default 300). */
  agencies?: number;
  /** Engagement notices in every state (default 100,000; about 88% confirmed and published). */
  notices?: number;
  /** Billing reports, about (default 500,000; most confirmed, on published notices). */
  reports?: number;
  seed?: number;
}

export interface LaterWithdrawal {
  id: number;
  at: Date;
}

export interface OpenDataDataSummary {
  agencies: number;
  notices: number;
  /** Notices by what the open data makes of them (withdrawnAfterConfirmed: as confirmed ones, until withdrawLater). */
  publishedNotices: number;
  withdrawnAfterConfirmed: number;
  confidentialNotices: number;
  neverPublishedNotices: number;
  noticeServices: number;
  reports: number;
  /** Confirmed reports on published notices: each one a spend release. */
  publishableReports: number;
  /** Confirmed notices published, then withdrawn (withdrawLater): published as confirmed at first. */
  withdrawLater: LaterWithdrawal[];
  milliseconds: number;
}

const BATCH_ROWS = 10_000;
const DAY_MS = 86_400_000;
/** The first month engagements start in, and the last month reported. */
const FIRST_MONTH = 2023 * 12; // January 2023, as year * 12 + month index
const LAST_REPORTED_MONTH = 2026 * 12 + 9; // October 2026

type NoticeKind = 'published' | 'withdrawn-after' | 'confidential' | 'awaiting' | 'disputed' | 'withdrawn-before' | 'draft';
/** Cumulative shares of the kinds. */
const NOTICE_KINDS: readonly (readonly [NoticeKind, number])[] = [
  ['published', 0.88],
  ['withdrawn-after', 0.91],
  ['confidential', 0.92],
  ['awaiting', 0.95],
  ['disputed', 0.97],
  ['withdrawn-before', 0.98],
  ['draft', 1],
];

const AGENCY_TYPES = ['public_service_department', 'local_government', 'crown_entity', 'tertiary_institution'] as const;
const AGENCY_WORDS = ['Regional', 'Coastal', 'Northern', 'Southern', 'Central', 'Rural', 'Urban', 'Pacific', 'Alpine', 'Harbour', 'Valley', 'Plains'];
const AGENCY_KINDS = ['Ministry for', 'District Council of', 'Authority for', 'Trust for', 'Office of', 'Commission for'];
const AGENCY_TOPICS = ['Development', 'Transport', 'Heritage', 'Health', 'Education', 'Housing', 'Environment', 'Water', 'Justice', 'Culture', 'Energy', 'Tourism'];
const WORKS = ['review', 'uplift', 'programme', 'platform', 'support', 'assessment', 'maintenance', 'strategy', 'migration', 'discovery'];
const SUBJECTS = ['Regional services', 'Records', 'Rates data', 'Visitor', 'Asset', 'Student systems', 'Civic buildings', 'Grants', 'Workforce', 'Website'];

const monthText = (month: number) => `${String(Math.floor(month / 12))}-${String((month % 12) + 1).padStart(2, '0')}`;
const dayOf = (month: number, day: number) => new Date(Date.UTC(Math.floor(month / 12), month % 12, day, 21, 0));

export async function generateOpenDataData(db: Database, options: OpenDataDataOptions = {}): Promise<OpenDataDataSummary> {
  const started = performance.now();
  const random = mulberry32(options.seed ?? 20_260_320);
  const agencyCount = options.agencies ?? 300;
  const noticeCount = options.notices ?? 100_000;
  const reportTarget = options.reports ?? 500_000;

  // The approved suppliers and the services each is approved for (published listings).
  const approved = await rows<{ supplierId: number; services: number[] }>(
    db,
    sql`SELECT ss.supplier_id AS "supplierId", array_agg(ss.service_id ORDER BY ss.service_id) AS services
        FROM supplier_services ss JOIN suppliers s ON s.id = ss.supplier_id
        WHERE s.status = 'approved' AND ss.published_at IS NOT NULL
        GROUP BY ss.supplier_id ORDER BY ss.supplier_id`,
  );
  if (approved.length === 0) {
    throw new Error('No approved supplier with a published listing: generate the directory data first');
  }

  // Agencies: approved registrations, answers that pass the agency form.
  const [agencyBase] = await rows<{ id: number }>(db, sql`SELECT coalesce(max(id), 0)::int AS id FROM agency_applications`);
  const agencyIds: number[] = [];
  const agencyRows: { id: number; name: string; email: string; data: string; submittedAt: Date }[] = [];
  for (let index = 0; index < agencyCount; index += 1) {
    const id = (agencyBase?.id ?? 0) + index + 1;
    const name = `${pick(random, AGENCY_KINDS)} ${pick(random, AGENCY_WORDS)} ${pick(random, AGENCY_TOPICS)} ${String(index + 1)}`;
    const email = `procurement${String(index + 1)}@agency${String(index + 1)}.govt.example`;
    const submittedAt = new Date(Date.UTC(2022, 6, 1) + index * DAY_MS);
    agencyIds.push(id);
    agencyRows.push({
      id,
      name,
      email,
      submittedAt,
      data: JSON.stringify({
        agency_name: name,
        agency_type: pick(random, AGENCY_TYPES),
        contact_name: 'Procurement lead',
        contact_role: 'Head of procurement',
        contact_email: email,
        contact_phone: '04 555 0142',
        terms_accepted: true,
        procurement_contact_name: 'Procurement lead',
        procurement_contact_email: email,
        finance_contact_name: 'Accounts payable',
        finance_contact_email: `accounts@agency${String(index + 1)}.govt.example`,
        purchase_order_required: 'yes',
        typical_spend: '1m_10m',
        services_of_interest: ['Digital and ICT services'],
      }),
    });
  }
  for (const batch of chunks(agencyRows, BATCH_ROWS)) {
    await db.execute(
      sql`INSERT INTO agency_applications (id, resume_token_hash, form_version, data, status, last_step, agency_name, contact_email, expires_at, submitted_at, decided_at, created_at, last_edited)
          OVERRIDING SYSTEM VALUE
          SELECT i, md5('bench-agency-' || i), ${agencyFormV1.version}, d::jsonb, 'approved', 4, n, e, s + interval '30 days', s, s + interval '2 days', s - interval '1 day', s + interval '2 days'
          FROM unnest(${intArray(batch.map((r) => r.id))}, ${textArray(batch.map((r) => r.name))}, ${textArray(batch.map((r) => r.email))},
                      ${textArray(batch.map((r) => r.data))}, ${timestampArray(batch.map((r) => r.submittedAt))}) AS t(i, n, e, d, s)`,
    );
  }
  await moveIdentityPast(db, 'agency_applications');

  // Notices: how long each ran decides its reports, so the months are drawn to reach the report target.
  const reportingShare = NOTICE_KINDS.find(([kind]) => kind === 'withdrawn-before')?.[1] ?? 0.98;
  const averageMonths = Math.max(1, reportTarget / Math.max(1, noticeCount * reportingShare));
  const maxMonths = Math.max(1, Math.round(2 * averageMonths - 1));
  const [noticeBase] = await rows<{ id: number }>(db, sql`SELECT coalesce(max(id), 0)::int AS id FROM engagement_notices`);
  const [reportBase] = await rows<{ id: number }>(db, sql`SELECT coalesce(max(id), 0)::int AS id FROM billing_reports`);
  interface NoticeDraft {
    kind: NoticeKind;
    supplierId: number;
    agencyId: number;
    services: number[];
    startMonth: number;
    months: number;
    startDay: number;
    title: string;
    reference: string;
    valueCents: number;
  }
  const drafts: NoticeDraft[] = [];
  const lastStart = LAST_REPORTED_MONTH - FIRST_MONTH;
  for (let index = 0; index < noticeCount; index += 1) {
    const roll = random();
    const kind = NOTICE_KINDS.find(([, share]) => roll < share)?.[0] ?? 'published';
    const supplier = approved[Math.floor(random() * approved.length)] ?? approved[0];
    const services = supplier ? pickDistinct(random, supplier.services, 1 + Math.floor(random() * 3)).sort((a, b) => a - b) : [];
    const months = 1 + Math.floor(random() * maxMonths);
    // Starts spread over the years, so the last ones are still running when the reports stop.
    const startMonth = FIRST_MONTH + Math.floor(random() * (lastStart + 1));
    drafts.push({
      kind,
      supplierId: supplier?.supplierId ?? 0,
      agencyId: pick(random, agencyIds),
      services,
      startMonth,
      months,
      startDay: 1 + Math.floor(random() * 27),
      title: `${pick(random, SUBJECTS)} ${pick(random, WORKS)}`,
      reference: `BENCH-${String(index + 1).padStart(6, '0')}`,
      valueCents: (20 + Math.floor(random() * 2_000)) * 100_000,
    });
  }
  // Notices in the order they were sent, as ids grow in the portal.
  drafts.sort((a, b) => a.startMonth - b.startMonth || a.startDay - b.startDay || a.reference.localeCompare(b.reference));

  interface ReportDraft {
    noticeIndex: number;
    month: number;
    status: 'draft' | 'submitted';
    answer: 'awaiting' | 'confirmed' | 'queried';
    lines: { service: number; amount: number }[];
  }
  const reports: ReportDraft[] = [];
  const summary = { publishedNotices: 0, withdrawnAfterConfirmed: 0, confidentialNotices: 0, neverPublishedNotices: 0, noticeServices: 0, publishableReports: 0 };
  const later: LaterWithdrawal[] = [];
  const noticeRows = drafts.map((notice, index) => {
    const id = (noticeBase?.id ?? 0) + index + 1;
    const createdAt = dayOf(notice.startMonth, notice.startDay);
    const submittedAt = notice.kind === 'draft' ? null : new Date(createdAt.getTime() + DAY_MS);
    const confirmed = notice.kind === 'published' || notice.kind === 'withdrawn-after' || notice.kind === 'confidential';
    const answered = confirmed || notice.kind === 'disputed';
    const respondedAt = answered && submittedAt ? new Date(submittedAt.getTime() + 3 * DAY_MS) : null;
    const endMonth = notice.startMonth + notice.months - 1;
    // Withdrawn after its publication: written as the confirmed notice it was, withdrawn by withdrawLater.
    const withdrawn = notice.kind === 'withdrawn-before';
    // Withdrawn after some months reported (after the agency's answer), or within its first days.
    const reportedMonths = notice.kind === 'draft' ? 0 : Math.min(endMonth, LAST_REPORTED_MONTH) - notice.startMonth + 1;
    const keptMonths = notice.kind === 'withdrawn-before' ? 0 : notice.kind === 'withdrawn-after' ? Math.max(0, Math.floor(reportedMonths / 2)) : reportedMonths;
    const withdrawnAt = withdrawn && submittedAt ? new Date(submittedAt.getTime() + 2 * DAY_MS) : null;
    if (notice.kind === 'withdrawn-after' && respondedAt) {
      later.push({ id, at: new Date(Math.max(respondedAt.getTime() + DAY_MS, dayOf(notice.startMonth + keptMonths, 15).getTime())) });
    }
    const isDraft = notice.kind === 'draft';
    const engagement = { [NOTICE_FIELDS.agency]: notice.agencyId, [NOTICE_FIELDS.title]: notice.title, [NOTICE_FIELDS.reference]: notice.reference, [NOTICE_FIELDS.services]: notice.services };
    const startDate = `${monthText(notice.startMonth)}-${String(notice.startDay).padStart(2, '0')}`;
    const endDate = `${monthText(endMonth)}-28`;
    const datesAndValue = { [NOTICE_FIELDS.startDate]: startDate, [NOTICE_FIELDS.endDate]: endDate, [NOTICE_FIELDS.value]: notice.valueCents };
    const history = [
      { status: 'draft', at: createdAt.toISOString(), byUserId: null },
      ...(submittedAt ? [{ status: 'submitted', at: submittedAt.toISOString(), byUserId: null }] : []),
      ...(withdrawnAt ? [{ status: 'withdrawn', at: withdrawnAt.toISOString(), byUserId: null }] : []),
    ];
    summary.noticeServices += notice.services.length;
    if (notice.kind === 'published') {
      summary.publishedNotices += 1;
    } else if (notice.kind === 'withdrawn-after') {
      summary.withdrawnAfterConfirmed += 1;
    } else if (notice.kind === 'confidential') {
      summary.confidentialNotices += 1;
    } else {
      summary.neverPublishedNotices += 1;
    }
    for (let month = 0; month < keptMonths; month += 1) {
      const last = month === keptMonths - 1;
      const answerRoll = random();
      // The agency answers reports only on a notice it confirmed; the latest month may still be a draft or waiting.
      const status = last && notice.kind !== 'withdrawn-after' && answerRoll < 0.04 ? 'draft' : 'submitted';
      const answer = !confirmed || status === 'draft' ? 'awaiting' : last && answerRoll < 0.1 ? 'awaiting' : answerRoll > 0.97 ? 'queried' : 'confirmed';
      if ((notice.kind === 'published' || notice.kind === 'withdrawn-after') && answer === 'confirmed') {
        summary.publishableReports += 1;
      }
      reports.push({
        noticeIndex: index,
        month: notice.startMonth + month,
        status,
        answer,
        lines: notice.services.map((service) => ({ service, amount: (5 + Math.floor(random() * 400)) * 10_000 + Math.floor(random() * 100) * 50 })),
      });
    }
    return {
      id,
      supplierId: notice.supplierId,
      data: JSON.stringify(isDraft ? { [NOTICE_STEPS.engagement]: engagement } : { [NOTICE_STEPS.engagement]: engagement, [NOTICE_STEPS.datesAndValue]: datesAndValue }),
      progress: isDraft ? 1 : engagementNoticeFormV1.steps.length,
      status: isDraft ? 'draft' : withdrawn ? 'withdrawn' : 'submitted',
      history: JSON.stringify(history),
      agencyId: notice.agencyId,
      title: notice.title,
      reference: notice.reference,
      startDate: isDraft ? null : startDate,
      endDate: isDraft ? null : endDate,
      valueCents: isDraft ? null : notice.valueCents,
      withdrawnReason: withdrawnAt ? pick(random, WITHDRAWN_REASON_CODES.filter((code) => code !== 'other')) : null,
      agencyResponse: confirmed ? 'confirmed' : notice.kind === 'disputed' ? 'disputed' : 'awaiting',
      respondedAt,
      disputeReason: notice.kind === 'disputed' ? pick(random, DISPUTE_REASON_CODES) : null,
      disputeDetails: notice.kind === 'disputed' ? 'Our purchase order says otherwise; please check the dates and the value.' : null,
      confidentialReason: notice.kind === 'confidential' ? 'Publishing this would help someone attacking the systems it covers.' : null,
      createdAt,
      submittedAt,
      lastEdited: withdrawnAt ?? respondedAt ?? submittedAt ?? createdAt,
    };
  });
  for (const batch of chunks(noticeRows, BATCH_ROWS)) {
    await db.execute(
      sql`INSERT INTO engagement_notices (id, supplier_id, form_version, data, progress, status, status_history, agency_id, title, reference, start_date, end_date, value_cents,
                                          withdrawn_reason, agency_response, agency_responded_at, dispute_reason, dispute_details, supplier_confidential_reason,
                                          created_at, submitted_at, last_edited)
          OVERRIDING SYSTEM VALUE
          SELECT i, s, ${engagementNoticeFormV1.version}, d::jsonb, p, st, h::jsonb, a, ti, re, sd, ed, v, wr, ar, rat, dr, dd, cr, ca, sa, le
          FROM unnest(${intArray(batch.map((r) => r.id))}, ${intArray(batch.map((r) => r.supplierId))}, ${textArray(batch.map((r) => r.data))},
                      ${intArray(batch.map((r) => r.progress))}, ${textArray(batch.map((r) => r.status))}, ${textArray(batch.map((r) => r.history))},
                      ${intArray(batch.map((r) => r.agencyId))}, ${textArray(batch.map((r) => r.title))}, ${textArray(batch.map((r) => r.reference))},
                      ${textArray(batch.map((r) => r.startDate))}, ${textArray(batch.map((r) => r.endDate))}, ${bigintArray(batch.map((r) => r.valueCents))},
                      ${textArray(batch.map((r) => r.withdrawnReason))}, ${textArray(batch.map((r) => r.agencyResponse))}, ${timestampArray(batch.map((r) => r.respondedAt))},
                      ${textArray(batch.map((r) => r.disputeReason))}, ${textArray(batch.map((r) => r.disputeDetails))}, ${textArray(batch.map((r) => r.confidentialReason))},
                      ${timestampArray(batch.map((r) => r.createdAt))}, ${timestampArray(batch.map((r) => r.submittedAt))}, ${timestampArray(batch.map((r) => r.lastEdited))})
               AS t(i, s, d, p, st, h, a, ti, re, sd, ed, v, wr, ar, rat, dr, dd, cr, ca, sa, le)`,
    );
  }
  const serviceLines = noticeRows.flatMap((row, index) => (drafts[index]?.services ?? []).map((service) => ({ noticeId: row.id, service })));
  for (const batch of chunks(serviceLines, BATCH_ROWS)) {
    await db.execute(
      sql`INSERT INTO engagement_notice_services (engagement_notice_id, service_id)
          SELECT n, s FROM unnest(${intArray(batch.map((r) => r.noticeId))}, ${intArray(batch.map((r) => r.service))}) AS t(n, s)`,
    );
  }
  await moveIdentityPast(db, 'engagement_notices');

  // Reports in the order they were sent: by month, then notice.
  reports.sort((a, b) => a.month - b.month || a.noticeIndex - b.noticeIndex);
  const reportRows = reports.map((report, index) => {
    const notice = noticeRows[report.noticeIndex];
    if (!notice) {
      throw new Error('A report without its notice');
    }
    const period = monthText(report.month);
    // Reported on the 5th of the following month, answered three days later.
    const at = dayOf(report.month + 1, 4);
    const respondedAt = report.answer === 'awaiting' ? null : new Date(at.getTime() + 3 * DAY_MS);
    const lines = report.lines.map((line) => ({ [REPORT_FIELDS.service]: line.service, [REPORT_FIELDS.amount]: line.amount }));
    const isDraft = report.status === 'draft';
    return {
      id: (reportBase?.id ?? 0) + index + 1,
      supplierId: notice.supplierId,
      data: JSON.stringify({
        [REPORT_STEPS.engagement]: { [REPORT_FIELDS.engagementNotice]: notice.id, [REPORT_FIELDS.billingPeriod]: period },
        ...(isDraft ? {} : { [REPORT_STEPS.amounts]: { [REPORT_FIELDS.lines]: lines } }),
      }),
      progress: isDraft ? 1 : billingReportFormV1.steps.length,
      status: report.status,
      history: JSON.stringify([
        { status: 'draft', at: at.toISOString(), byUserId: null },
        ...(isDraft ? [] : [{ status: 'submitted', at: at.toISOString(), byUserId: null }]),
      ]),
      noticeId: notice.id,
      period,
      amountCents: isDraft ? null : report.lines.reduce((sum, line) => sum + line.amount, 0),
      answer: report.answer,
      respondedAt,
      queryDetails: report.answer === 'queried' ? 'Our timesheets show fewer days than this report bills. Please check the days billed.' : null,
      at,
      submittedAt: isDraft ? null : at,
      lastEdited: respondedAt ?? at,
    };
  });
  for (const batch of chunks(reportRows, BATCH_ROWS)) {
    await db.execute(
      sql`INSERT INTO billing_reports (id, supplier_id, form_version, data, progress, status, status_history, engagement_notice_id, billing_period, amount_cents,
                                       agency_response, agency_responded_at, query_details, created_at, submitted_at, last_edited)
          OVERRIDING SYSTEM VALUE
          SELECT i, s, ${billingReportFormV1.version}, d::jsonb, p, st, h::jsonb, n, pe, am, ar, rat, q, ca, sa, le
          FROM unnest(${intArray(batch.map((r) => r.id))}, ${intArray(batch.map((r) => r.supplierId))}, ${textArray(batch.map((r) => r.data))},
                      ${intArray(batch.map((r) => r.progress))}, ${textArray(batch.map((r) => r.status))}, ${textArray(batch.map((r) => r.history))},
                      ${intArray(batch.map((r) => r.noticeId))}, ${textArray(batch.map((r) => r.period))}, ${bigintArray(batch.map((r) => r.amountCents))},
                      ${textArray(batch.map((r) => r.answer))}, ${timestampArray(batch.map((r) => r.respondedAt))}, ${textArray(batch.map((r) => r.queryDetails))},
                      ${timestampArray(batch.map((r) => r.at))}, ${timestampArray(batch.map((r) => r.submittedAt))}, ${timestampArray(batch.map((r) => r.lastEdited))})
               AS t(i, s, d, p, st, h, n, pe, am, ar, rat, q, ca, sa, le)`,
    );
  }
  await moveIdentityPast(db, 'billing_reports');

  return {
    agencies: agencyCount,
    notices: noticeRows.length,
    ...summary,
    reports: reportRows.length,
    withdrawLater: later,
    milliseconds: Math.round(performance.now() - started),
  };
}

/**
 * What happens after a first publication: the notices the generator marked withdraw (status,
 * reason, history, as the supplier's withdrawal writes them), and `corrections` confirmed reports
 * on published notices are corrected (a new amount on their first line, answered again). Answers
 * the notices withdrawn and the reports corrected.
 */
export async function changeAfterPublication(db: Database, withdrawals: readonly LaterWithdrawal[], corrections: number): Promise<{ withdrawn: number; corrected: number }> {
  for (const batch of chunks(withdrawals, BATCH_ROWS)) {
    await db.execute(
      sql`UPDATE engagement_notices n
          SET status = 'withdrawn', withdrawn_reason = 'cancelled_by_agency', last_edited = t.at,
              status_history = n.status_history || jsonb_build_array(jsonb_build_object('status', 'withdrawn', 'at', to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'byUserId', NULL))
          FROM unnest(${intArray(batch.map((w) => w.id))}, ${timestampArray(batch.map((w) => w.at))}) AS t(id, at)
          WHERE n.id = t.id AND n.status = 'submitted'`,
    );
  }
  // Every n-th confirmed report on a still-published notice, n spreading them over the whole history.
  const corrected = await rows<{ id: number }>(
    db,
    sql`WITH candidates AS (
          SELECT r.id, row_number() OVER (ORDER BY r.id) AS position, count(*) OVER () AS total
          FROM billing_reports r JOIN engagement_notices n ON n.id = r.engagement_notice_id
          WHERE r.status = 'submitted' AND r.agency_response = 'confirmed' AND n.status = 'submitted' AND n.agency_response = 'confirmed'
            AND n.supplier_confidential_reason IS NULL AND n.agency_confidential_reason IS NULL),
        chosen AS (SELECT id FROM candidates WHERE ${corrections} > 0 AND position % greatest(total / greatest(${corrections}, 1), 1) = 0 LIMIT ${corrections})
        UPDATE billing_reports r
        SET amount_cents = r.amount_cents + 12345,
            data = jsonb_set(r.data, '{amounts,lines,0,amount}', to_jsonb((r.data #>> '{amounts,lines,0,amount}')::bigint + 12345)),
            agency_responded_at = r.agency_responded_at + interval '20 days', last_edited = r.last_edited + interval '20 days'
        FROM chosen WHERE r.id = chosen.id
        RETURNING r.id`,
  );
  return { withdrawn: withdrawals.length, corrected: corrected.length };
}

/** Ids were given explicitly: the identity goes on from the largest. */
async function moveIdentityPast(db: Database, table: string): Promise<void> {
  await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest((SELECT max(id) FROM ${table}), 1))`));
}

