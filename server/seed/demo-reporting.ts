/**
 * Demo engagement notices and billing reports (issue 12), so every list, state and filter shows
 * something on first start: Kōwhai Digital has four submitted notices (each with its months of
 * reports), a withdrawn notice and a draft, each on services it is approved for (its listings) and
 * with approved demo agencies. The Ministry for Regional Development, the demo buyer's agency, has
 * answered its three in every way (issue 31): one confirmed, one disputed with its conversation, one
 * waiting for an answer; and the confirmed one's reports likewise (confirmed, one queried, waiting). Answers pass the stored forms; dates are fixed.
 * The billing reminder due at the seed is recorded as sent, so a first start mails nobody.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { billingPeriodLabel, billingPeriodOf, previousBillingPeriod, REPORT_FIELDS, REPORT_STEPS } from '../../common/reporting/billing-reports';
import { NOTICE_FIELDS, NOTICE_STEPS, type EngagementNoticeStatus } from '../../common/reporting/engagement-notices';
import type { Database } from '../db/client';
import { billingReportFormV1, engagementNoticeFormV1 } from '../db/content/reporting-forms';
import { agencyApplications, billingReminders, billingReports, engagementNoticeServices, engagementNotices, supplierServices, threadMessages, threadReads, threads, users } from '../db/schema/index';
import { ownedBy } from '../db/supplier-scope';
import { disputeReasonLabel, type DisputeReason } from '../../common/reporting/agency-responses';
import { demoAgencies } from './demo-agencies';

const DAY_MS = 86_400_000;
const FIRST_NOTICE_AT = Date.UTC(2026, 2, 4, 21, 0);

interface DemoNotice {
  agency: string;
  title: string;
  reference?: string;
  /** Indexes into the supplier's listed services. */
  services: number[];
  startDate: string;
  endDate: string;
  valueCents: number;
  status: EngagementNoticeStatus;
  /**
   * Months reported, with the amount of each line (one line per service of the notice), and the
   * agency's answer to it once it confirmed the notice (issue 31; none: waiting).
   */
  reports?: { period: string; amounts: number[]; answer?: ReportAnswer }[];
  /**
   * The agency's answer (issue 31), by the demo buyer three days after the notice was sent; a
   * dispute comes with its conversation: the buyer's reason and the supplier admin's reply.
   */
  agencyResponse?: { status: 'confirmed' } | { status: 'disputed'; reason: DisputeReason; details: string; supplierReply: string };
}

type ReportAnswer =
  | { status: 'confirmed' }
  | { status: 'queried'; details: string; supplierReply: string };

/** The demo buyer's answers to the portal's reports: the first three confirmed, July queried, August and September waiting. */
const regionalPortalAnswers: Partial<Record<string, ReportAnswer>> = {
  '2026-04': { status: 'confirmed' },
  '2026-05': { status: 'confirmed' },
  '2026-06': { status: 'confirmed' },
  '2026-07': {
    status: 'queried',
    details: 'Our timesheets show 18 days of design work in July, not 21. Please check the days billed for the week of 20 July.',
    supplierReply: 'Thank you. The week of 20 July included a three-day usability test run at your Hamilton office; the timesheets for it are attached to the July invoice.',
  },
};

const agencyNames = demoAgencies.filter((agency) => agency.status === 'approved').map((agency) => agency.name);

const demoNotices: readonly DemoNotice[] = [
  {
    agency: agencyNames[0] ?? '',
    title: 'Regional services portal',
    reference: 'MRD-2026-0117',
    services: [0, 1],
    startDate: '2026-03-02',
    endDate: '2027-02-26',
    valueCents: 48_000_000,
    status: 'submitted',
    reports: ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09'].map((period, index) => ({
      period,
      amounts: [2_450_000 + index * 125_000, 1_180_050],
      answer: regionalPortalAnswers[period],
    })),
    agencyResponse: { status: 'confirmed' },
  },
  {
    agency: agencyNames[1] ?? '',
    title: 'Council website accessibility uplift',
    reference: 'PO 88412',
    services: [0],
    startDate: '2026-06-01',
    endDate: '2026-12-18',
    valueCents: 9_500_000,
    status: 'submitted',
    reports: [
      { period: '2026-07', amounts: [1_320_000] },
      { period: '2026-08', amounts: [1_475_500] },
    ],
  },
  {
    agency: agencyNames[2] ?? '',
    title: 'Heritage collection search',
    services: [1],
    startDate: '2026-05-11',
    endDate: '2026-08-28',
    valueCents: 3_600_000,
    status: 'withdrawn',
  },
  {
    agency: agencyNames[3] ?? '',
    title: 'Student portal discovery',
    services: [0],
    startDate: '2026-11-02',
    endDate: '2027-01-29',
    valueCents: 6_000_000,
    status: 'draft',
  },
  {
    agency: agencyNames[0] ?? '',
    title: 'Regional grants discovery',
    reference: 'MRD-2026-0198',
    services: [1],
    startDate: '2026-04-06',
    endDate: '2026-06-26',
    valueCents: 7_200_000,
    status: 'submitted',
    reports: [
      { period: '2026-04', amounts: [2_150_000] },
      { period: '2026-05', amounts: [2_400_000] },
      { period: '2026-06', amounts: [2_380_000] },
    ],
    agencyResponse: {
      status: 'disputed',
      reason: 'wrong_dates',
      details: 'Our purchase order started the work on 13 April 2026, a week later than this notice says.',
      supplierReply: 'Thanks for checking. The kick-off workshop was on 6 April, before the purchase order arrived. We can withdraw this notice and send one from 13 April if you prefer.',
    },
  },
  {
    agency: agencyNames[0] ?? '',
    title: 'Regional data dashboard',
    reference: 'MRD-2026-0233',
    services: [0],
    startDate: '2026-09-07',
    endDate: '2026-10-30',
    valueCents: 5_400_000,
    status: 'submitted',
    reports: [
      { period: '2026-09', amounts: [2_600_000] },
      { period: '2026-10', amounts: [2_750_000] },
    ],
  },
];

/**
 * The demo's fixed dates leave months unreported up to the seed, as a real supplier's might be, and
 * the reminder job (modules/reporting/reminders.ts) would mail the demo supplier's people about the
 * last of them at the first start: demo data is not news. The one reminder it could send then, about
 * the month before the seed's, is recorded as sent; every month the demo lives through from the
 * seed on is reminded about as usual, from the 5th of the month after. Marked sent, those months
 * are still due: the supplier's "what needs doing" and the team's missing billing reports list them
 * (March and June, never reported, whenever the demo starts), so both show items at the first start.
 */
async function recordDueReminderAsSent(tx: Database, supplierId: number, now: Date): Promise<void> {
  await tx.insert(billingReminders).values({ supplierId, billingPeriod: previousBillingPeriod(billingPeriodOf(now)), claimedAt: now });
}

/** The people who answer and write in the demo's conversations, by email. */
async function demoPeople(tx: Database): Promise<(email: string) => number | null> {
  const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [DEMO_BUYER, DEMO_SUPPLIER_ADMIN, ...TEAM_READERS]));
  return (email) => people.find((person) => person.email === email)?.id ?? null;
}

/** A dispute's or a query's conversation: the buyer's words and the supplier admin's reply a day later, read by the team. */
async function insertAgencyConversation(
  tx: Database,
  idOf: (email: string) => number | null,
  thread: { model: 'engagement-notice' | 'billing-report'; recordId: number; supplierId: number; agencyId: number; title: string },
  conversation: { at: Date; agencyMessage: string; supplierReply: string },
): Promise<void> {
  const repliedAt = new Date(conversation.at.getTime() + DAY_MS);
  const [row] = await tx
    .insert(threads)
    .values({ ...thread, createdByUserId: idOf(DEMO_BUYER), createdAt: conversation.at, updatedAt: repliedAt })
    .returning({ id: threads.id });
  if (!row) {
    throw new Error('Insert returned no row');
  }
  await tx.insert(threadMessages).values([
    { threadId: row.id, authorUserId: idOf(DEMO_BUYER), isFromAgency: true, content: conversation.agencyMessage, createdAt: conversation.at },
    { threadId: row.id, authorUserId: idOf(DEMO_SUPPLIER_ADMIN), content: conversation.supplierReply, createdAt: repliedAt },
  ]);
  // The team has read it: the demo's unread counts stay those of the supplier threads.
  const readers = TEAM_READERS.flatMap((email) => {
    const userId = idOf(email);
    return userId === null ? [] : [{ threadId: row.id, userId, lastReadAt: repliedAt }];
  });
  if (readers.length > 0) {
    await tx.insert(threadReads).values(readers);
  }
}

/** The demo buyer's answer to a notice, three days after it was sent, with a dispute's conversation. */
async function insertAgencyResponse(
  tx: Database,
  notice: { id: number; supplierId: number; agencyId: number; title: string; submittedAt: Date },
  response: NonNullable<DemoNotice['agencyResponse']>,
): Promise<void> {
  const idOf = await demoPeople(tx);
  const respondedAt = new Date(notice.submittedAt.getTime() + 3 * DAY_MS);
  await tx
    .update(engagementNotices)
    .set({
      agencyResponse: response.status,
      agencyRespondedAt: respondedAt,
      agencyRespondedByUserId: idOf(DEMO_BUYER),
      ...(response.status === 'disputed' ? { disputeReason: response.reason, disputeDetails: response.details } : {}),
    })
    .where(and(eq(engagementNotices.id, notice.id), ownedBy(engagementNotices, notice.supplierId)));
  if (response.status === 'disputed') {
    await insertAgencyConversation(
      tx,
      idOf,
      { model: 'engagement-notice', recordId: notice.id, supplierId: notice.supplierId, agencyId: notice.agencyId, title: `Dispute: ${notice.title}` },
      { at: respondedAt, agencyMessage: `${disputeReasonLabel(response.reason)}.\n\n${response.details}`, supplierReply: response.supplierReply },
    );
  }
}

/** The demo buyer's answer to a report, three days after it was sent, with a query's conversation. */
async function insertReportAnswer(
  tx: Database,
  report: { id: number; supplierId: number; agencyId: number; period: string; noticeTitle: string; submittedAt: Date },
  answer: ReportAnswer,
): Promise<void> {
  const idOf = await demoPeople(tx);
  const respondedAt = new Date(report.submittedAt.getTime() + 3 * DAY_MS);
  await tx
    .update(billingReports)
    .set({
      agencyResponse: answer.status,
      agencyRespondedAt: respondedAt,
      agencyRespondedByUserId: idOf(DEMO_BUYER),
      queryDetails: answer.status === 'queried' ? answer.details : null,
    })
    .where(and(eq(billingReports.id, report.id), ownedBy(billingReports, report.supplierId)));
  if (answer.status === 'queried') {
    await insertAgencyConversation(
      tx,
      idOf,
      { model: 'billing-report', recordId: report.id, supplierId: report.supplierId, agencyId: report.agencyId, title: `Query: ${billingPeriodLabel(report.period)}, ${report.noticeTitle}` },
      { at: respondedAt, agencyMessage: answer.details, supplierReply: answer.supplierReply },
    );
  }
}

const DEMO_BUYER = 'buyer@example.com';
const DEMO_SUPPLIER_ADMIN = 'admin@example.com';
const TEAM_READERS = ['staff@example.com', 'team@example.com'];

export async function insertDemoReporting(tx: Database, supplierId: number, now: Date): Promise<{ notices: number; reports: number }> {
  const listed = (
    await tx.select({ serviceId: supplierServices.serviceId }).from(supplierServices).where(eq(supplierServices.supplierId, supplierId)).orderBy(asc(supplierServices.serviceId))
  ).map((row) => row.serviceId);
  const agencies = await tx
    .select({ id: agencyApplications.id, name: agencyApplications.agencyName })
    .from(agencyApplications)
    .where(inArray(agencyApplications.agencyName, agencyNames));
  let reports = 0;
  for (const [index, notice] of demoNotices.entries()) {
    const agencyId = agencies.find((agency) => agency.name === notice.agency)?.id;
    const serviceIds = notice.services.map((position) => listed[position % Math.max(listed.length, 1)]).filter((id): id is number => id !== undefined);
    if (agencyId === undefined || serviceIds.length === 0) {
      throw new Error(`Demo notice "${notice.title}" has no agency or services`);
    }
    const uniqueServices = [...new Set(serviceIds)];
    const createdAt = new Date(FIRST_NOTICE_AT + index * 20 * DAY_MS);
    const submittedAt = notice.status === 'draft' ? null : new Date(createdAt.getTime() + DAY_MS);
    const withdrawnAt = notice.status === 'withdrawn' ? new Date(createdAt.getTime() + 30 * DAY_MS) : null;
    const isDraft = notice.status === 'draft';
    const engagement = {
      [NOTICE_FIELDS.agency]: agencyId,
      [NOTICE_FIELDS.title]: notice.title,
      ...(notice.reference ? { [NOTICE_FIELDS.reference]: notice.reference } : {}),
      [NOTICE_FIELDS.services]: uniqueServices,
    };
    const datesAndValue = { [NOTICE_FIELDS.startDate]: notice.startDate, [NOTICE_FIELDS.endDate]: notice.endDate, [NOTICE_FIELDS.value]: notice.valueCents };
    const [row] = await tx
      .insert(engagementNotices)
      .values({
        supplierId,
        formVersion: engagementNoticeFormV1.version,
        // The draft was saved after its first step.
        data: isDraft ? { [NOTICE_STEPS.engagement]: engagement } : { [NOTICE_STEPS.engagement]: engagement, [NOTICE_STEPS.datesAndValue]: datesAndValue },
        progress: isDraft ? 1 : engagementNoticeFormV1.steps.length,
        status: notice.status,
        statusHistory: [
          { status: 'draft', at: createdAt.toISOString(), byUserId: null },
          ...(submittedAt ? [{ status: 'submitted', at: submittedAt.toISOString(), byUserId: null }] : []),
          ...(withdrawnAt ? [{ status: 'withdrawn', at: withdrawnAt.toISOString(), byUserId: null }] : []),
        ],
        agencyId,
        title: notice.title,
        reference: notice.reference ?? null,
        startDate: isDraft ? null : notice.startDate,
        endDate: isDraft ? null : notice.endDate,
        valueCents: isDraft ? null : notice.valueCents,
        withdrawnReason: withdrawnAt ? 'cancelled_by_agency' : null,
        createdAt,
        submittedAt,
        lastEdited: withdrawnAt ?? submittedAt ?? createdAt,
      })
      .returning({ id: engagementNotices.id });
    if (!row) {
      throw new Error('Insert returned no row');
    }
    if (notice.agencyResponse && submittedAt) {
      await insertAgencyResponse(tx, { id: row.id, supplierId, agencyId, title: notice.title, submittedAt }, notice.agencyResponse);
    }
    await tx.insert(engagementNoticeServices).values(uniqueServices.map((serviceId) => ({ engagementNoticeId: row.id, serviceId })));
    for (const report of notice.reports ?? []) {
      const [year = 2026, month = 1] = report.period.split('-').map(Number);
      // Reported on the 5th of the following month.
      const at = new Date(Date.UTC(year, month, 4, 22, 0));
      const amounts = uniqueServices.map((service, position) => ({ service, amount: report.amounts[position] ?? 0 }));
      const lines = amounts.map(({ service, amount }) => ({ [REPORT_FIELDS.service]: service, [REPORT_FIELDS.amount]: amount }));
      const [inserted] = await tx
        .insert(billingReports)
        .values({
          supplierId,
          formVersion: billingReportFormV1.version,
          data: {
            [REPORT_STEPS.engagement]: { [REPORT_FIELDS.engagementNotice]: row.id, [REPORT_FIELDS.billingPeriod]: report.period },
            [REPORT_STEPS.amounts]: { [REPORT_FIELDS.lines]: lines },
          },
          progress: billingReportFormV1.steps.length,
          status: 'submitted',
          statusHistory: [
            { status: 'draft', at: at.toISOString(), byUserId: null },
            { status: 'submitted', at: at.toISOString(), byUserId: null },
          ],
          engagementNoticeId: row.id,
          billingPeriod: report.period,
          amountCents: amounts.reduce((total, line) => total + line.amount, 0),
          createdAt: at,
          submittedAt: at,
          lastEdited: at,
        })
        .returning({ id: billingReports.id });
      if (!inserted) {
        throw new Error('Insert returned no row');
      }
      if (report.answer) {
        await insertReportAnswer(tx, { id: inserted.id, supplierId, agencyId, period: report.period, noticeTitle: notice.title, submittedAt: at }, report.answer);
      }
      reports += 1;
    }
  }
  await recordDueReminderAsSent(tx, supplierId, now);
  return { notices: demoNotices.length, reports };
}

/**
 * Engagements of other demo suppliers that their agencies confirmed, each month of them reported
 * and confirmed (issue 32): what the open data publishes and the insights page adds up, so both
 * show a marketplace at work on first start. None names the demo buyer's agency, so its dashboard
 * shows only Kōwhai Digital's records above; every month each ran is reported, so none is missing
 * and no reminder is due. One its agency marked confidential: the team sees why it is not published.
 */
interface DemoPublishedEngagement {
  supplier: string;
  /** An approved demo agency other than the demo buyer's. */
  agency: string;
  title: string;
  reference: string;
  startDate: string;
  endDate: string;
  valueCents: number;
  /** The amount billed for each month from the start's month to the end's, in order. */
  monthlyCents: number[];
  /** Why the agency keeps it out of open data (issue 32); published otherwise. */
  agencyConfidentialReason?: string;
}

const demoPublishedEngagements: readonly DemoPublishedEngagement[] = [
  { supplier: 'Rimu Advisory', agency: agencyNames[2] ?? '', title: 'Collections strategy review', reference: 'CHT-2026-014', startDate: '2026-02-02', endDate: '2026-05-29', valueCents: 18_500_000, monthlyCents: [3_900_000, 4_600_000, 4_750_000, 4_200_000] },
  { supplier: 'Tōtara Property Services', agency: agencyNames[1] ?? '', title: 'Civic buildings maintenance', reference: 'TADC-FM-2026-03', startDate: '2026-03-02', endDate: '2026-08-31', valueCents: 36_000_000, monthlyCents: [5_800_000, 6_100_000, 5_950_000, 6_000_000, 6_300_000, 5_700_000] },
  { supplier: 'Tūī Cyber', agency: agencyNames[3] ?? '', title: 'Penetration testing of student systems', reference: 'NP-SEC-0042', startDate: '2026-05-04', endDate: '2026-06-26', valueCents: 4_800_000, monthlyCents: [2_200_000, 2_450_000] },
  { supplier: 'Waikato Data Co', agency: agencyNames[1] ?? '', title: 'Rates data platform', reference: 'TADC-ICT-2026-11', startDate: '2026-01-12', endDate: '2026-07-31', valueCents: 22_000_000, monthlyCents: [2_400_000, 3_100_000, 3_350_000, 3_200_000, 3_400_000, 3_150_000, 2_900_000] },
  { supplier: 'Otago Research Partners', agency: agencyNames[2] ?? '', title: 'Visitor research programme', reference: 'CHT-2026-021', startDate: '2026-04-01', endDate: '2026-08-28', valueCents: 9_600_000, monthlyCents: [1_750_000, 1_900_000, 2_050_000, 1_850_000, 1_800_000] },
  { supplier: 'Rangitoto Cloud', agency: agencyNames[3] ?? '', title: 'Learning platform hosting', reference: 'NP-ICT-0107', startDate: '2026-02-02', endDate: '2026-09-30', valueCents: 14_400_000, monthlyCents: [1_800_000, 1_800_000, 1_800_000, 1_800_000, 1_850_000, 1_850_000, 1_900_000, 1_900_000] },
  { supplier: 'Pōhutukawa People', agency: agencyNames[3] ?? '', title: 'Leadership development cohort', reference: 'NP-HR-0019', startDate: '2026-06-01', endDate: '2026-09-25', valueCents: 6_200_000, monthlyCents: [1_400_000, 1_600_000, 1_550_000, 1_500_000] },
  { supplier: 'Mainland Clean', agency: agencyNames[1] ?? '', title: 'Library and pool cleaning', reference: 'TADC-FM-2026-07', startDate: '2026-07-01', endDate: '2026-09-30', valueCents: 5_100_000, monthlyCents: [1_700_000, 1_700_000, 1_650_000] },
  {
    supplier: 'Tūī Cyber',
    agency: agencyNames[1] ?? '',
    title: 'Security review of the rates payment gateway',
    reference: 'TADC-SEC-2026-02',
    startDate: '2026-04-06',
    endDate: '2026-05-29',
    valueCents: 3_900_000,
    monthlyCents: [1_850_000, 1_950_000],
    agencyConfidentialReason: 'Publishing when the payment gateway was tested, and by whom, would help someone attacking it.',
  },
  { supplier: 'Tasman Engineering', agency: agencyNames[2] ?? '', title: 'Seismic assessment of the archive store', reference: 'CHT-2026-033', startDate: '2026-05-11', endDate: '2026-07-31', valueCents: 7_800_000, monthlyCents: [2_300_000, 2_700_000, 2_600_000] },
];

/** The months `yyyy-mm` from the start's month to the end's, in order. */
function monthsBetween(startDate: string, endDate: string): string[] {
  const [startYear = 0, startMonth = 1] = startDate.split('-').map(Number);
  const [endYear = 0, endMonth = 1] = endDate.split('-').map(Number);
  const months: string[] = [];
  for (let index = startYear * 12 + startMonth - 1; index <= endYear * 12 + endMonth - 1; index += 1) {
    months.push(`${String(Math.floor(index / 12))}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

export async function insertDemoPublishedEngagements(tx: Database, supplierIds: ReadonlyMap<string, number>): Promise<{ notices: number; reports: number }> {
  const agencies = await tx
    .select({ id: agencyApplications.id, name: agencyApplications.agencyName })
    .from(agencyApplications)
    .where(inArray(agencyApplications.agencyName, agencyNames));
  let reports = 0;
  for (const engagement of demoPublishedEngagements) {
    const supplierId = supplierIds.get(engagement.supplier);
    const agencyId = agencies.find((agency) => agency.name === engagement.agency)?.id;
    const [listed] = supplierId === undefined
      ? []
      : await tx.select({ serviceId: supplierServices.serviceId }).from(supplierServices).where(eq(supplierServices.supplierId, supplierId)).orderBy(asc(supplierServices.serviceId)).limit(1);
    const months = monthsBetween(engagement.startDate, engagement.endDate);
    if (supplierId === undefined || agencyId === undefined || !listed || months.length !== engagement.monthlyCents.length) {
      throw new Error(`Demo engagement "${engagement.title}" has no supplier, agency or service, or not one amount a month`);
    }
    const [year = 2026, month = 1, day = 1] = engagement.startDate.split('-').map(Number);
    // Sent the week before the work started; confirmed by the agency three days later.
    const submittedAt = new Date(Date.UTC(year, month - 1, day - 7, 21, 0));
    const createdAt = new Date(submittedAt.getTime() - DAY_MS);
    const respondedAt = new Date(submittedAt.getTime() + 3 * DAY_MS);
    const [row] = await tx
      .insert(engagementNotices)
      .values({
        supplierId,
        formVersion: engagementNoticeFormV1.version,
        data: {
          [NOTICE_STEPS.engagement]: {
            [NOTICE_FIELDS.agency]: agencyId,
            [NOTICE_FIELDS.title]: engagement.title,
            [NOTICE_FIELDS.reference]: engagement.reference,
            [NOTICE_FIELDS.services]: [listed.serviceId],
          },
          [NOTICE_STEPS.datesAndValue]: {
            [NOTICE_FIELDS.startDate]: engagement.startDate,
            [NOTICE_FIELDS.endDate]: engagement.endDate,
            [NOTICE_FIELDS.value]: engagement.valueCents,
          },
        },
        progress: engagementNoticeFormV1.steps.length,
        status: 'submitted',
        statusHistory: [
          { status: 'draft', at: createdAt.toISOString(), byUserId: null },
          { status: 'submitted', at: submittedAt.toISOString(), byUserId: null },
        ],
        agencyId,
        title: engagement.title,
        reference: engagement.reference,
        startDate: engagement.startDate,
        endDate: engagement.endDate,
        valueCents: engagement.valueCents,
        agencyResponse: 'confirmed',
        agencyRespondedAt: respondedAt,
        agencyConfidentialReason: engagement.agencyConfidentialReason ?? null,
        createdAt,
        submittedAt,
        lastEdited: submittedAt,
      })
      .returning({ id: engagementNotices.id });
    if (!row) {
      throw new Error('Insert returned no row');
    }
    await tx.insert(engagementNoticeServices).values({ engagementNoticeId: row.id, serviceId: listed.serviceId });
    await tx.insert(billingReports).values(
      months.map((period, index) => {
        const [reportYear = 2026, reportMonth = 1] = period.split('-').map(Number);
        // Reported on the 5th of the following month, confirmed three days later.
        const at = new Date(Date.UTC(reportYear, reportMonth, 4, 22, 0));
        const amount = engagement.monthlyCents[index] ?? 0;
        return {
          supplierId,
          formVersion: billingReportFormV1.version,
          data: {
            [REPORT_STEPS.engagement]: { [REPORT_FIELDS.engagementNotice]: row.id, [REPORT_FIELDS.billingPeriod]: period },
            [REPORT_STEPS.amounts]: { [REPORT_FIELDS.lines]: [{ [REPORT_FIELDS.service]: listed.serviceId, [REPORT_FIELDS.amount]: amount }] },
          },
          progress: billingReportFormV1.steps.length,
          status: 'submitted' as const,
          statusHistory: [
            { status: 'draft', at: at.toISOString(), byUserId: null },
            { status: 'submitted', at: at.toISOString(), byUserId: null },
          ],
          engagementNoticeId: row.id,
          billingPeriod: period,
          amountCents: amount,
          agencyResponse: 'confirmed' as const,
          agencyRespondedAt: new Date(at.getTime() + 3 * DAY_MS),
          createdAt: at,
          submittedAt: at,
          lastEdited: at,
        };
      }),
    );
    reports += months.length;
  }
  return { notices: demoPublishedEngagements.length, reports };
}
