/**
 * The team's work queues (README.md beside this file): for each queue, one aggregate query giving
 * its count, its oldest item's stage time and how many items are past the review target. Overdue is
 * `since < overdueBefore(now, target)`, which is exactly `isOverdue` of common/working-days.ts, so
 * the database counts it without reading the items.
 */
import { and, count, eq, gte, inArray, isNotNull, sql, type SQLWrapper } from 'drizzle-orm';
import { RECENT_SUBMISSIONS_DAYS, type QueueKey, type WorkQueue, type WorkQueuesResponse } from '../../../common/api/queues';
import { APPLICATION_STAGES, TEAM_TRANSITIONS, applicationStatusLabel, type ApplicationStageCode } from '../../../common/application-stages';
import { overdueBefore, workingDaysBetween } from '../../../common/working-days';
import type { Database } from '../../db/client';
import {
  agencyApplications,
  applications,
  billingReports,
  engagementNotices,
  serviceListings,
  supplierDetailChanges,
  supplierRegistrations,
  threadMessages,
  threads,
} from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stages the team acts on: those TEAM_TRANSITIONS lets it move on from (not Published or Declined). */
export const TEAM_QUEUE_STAGES: readonly ApplicationStageCode[] = APPLICATION_STAGES.map((stage) => stage.code).filter(
  (code) => TEAM_TRANSITIONS[code].length > 0,
);

interface Measure {
  total: number;
  oldestSince: Date | null;
  overdue: number;
}

const EMPTY: Measure = { total: 0, oldestSince: null, overdue: 0 };

/** The aggregate of a queue whose items waited since `since`. */
function measureFields(since: SQLWrapper, cutoff: Date) {
  return {
    total: count(),
    oldestSince: sql<Date | null>`min(${since})`.mapWith((value: Date | string) => new Date(value)),
    overdue: sql<number>`count(*) filter (where ${since} < ${cutoff.toISOString()}::timestamptz)`.mapWith(Number),
  };
}

/**
 * When an open thread began waiting on the team: its first supplier message after the team's last
 * message (a supplier chasing does not restart the clock); null when the team wrote last.
 */
// The thread's id is written out with its table: drizzle leaves column names unqualified in a subquery's selection, where `id` would be the message's.
const threadId = sql`${threads}.${sql.identifier(threads.id.name)}`;
const threadWaitingSince = sql<Date | null>`(select min(m.created_at) from ${threadMessages} m where m.thread_id = ${threadId} and not m.is_from_staff and m.created_at > coalesce((select max(s.created_at) from ${threadMessages} s where s.thread_id = ${threadId} and s.is_from_staff), '-infinity'::timestamptz))`;

async function measureQueues(db: Database, now: Date, cutoff: Date): Promise<Map<QueueKey, Measure>> {
  const measures = new Map<QueueKey, Measure>();
  const recentFrom = new Date(now.getTime() - RECENT_SUBMISSIONS_DAYS * DAY_MS);

  const [registrations] = await db
    .select(measureFields(supplierRegistrations.createdAt, cutoff))
    .from(supplierRegistrations)
    .where(eq(supplierRegistrations.status, 'pending'));
  measures.set('supplier-registrations', registrations ?? EMPTY);

  const [detailChanges] = await db
    .select(measureFields(supplierDetailChanges.requestedAt, cutoff))
    .from(supplierDetailChanges)
    .where(eq(supplierDetailChanges.status, 'pending'));
  measures.set('supplier-detail-changes', detailChanges ?? EMPTY);

  const stages = await db
    .select({ status: applications.status, ...measureFields(applications.stageSince, cutoff) })
    .from(applications)
    // The team's side: every supplier's applications.
    .where(and(inArray(applications.status, [...TEAM_QUEUE_STAGES]), ownedBy(applications, ANY_SUPPLIER)))
    .groupBy(applications.status);
  for (const { status, ...measure } of stages) {
    measures.set(`applications-${status}` as QueueKey, measure);
  }

  const [listings] = await db
    .select(measureFields(serviceListings.submittedAt, cutoff))
    .from(serviceListings)
    // The team's side: every supplier's listings waiting for review, since they were sent.
    .where(and(eq(serviceListings.status, 'in_review'), ownedBy(serviceListings, ANY_SUPPLIER)));
  measures.set('service-listings', listings ?? EMPTY);

  const agencySince = sql`coalesce(${agencyApplications.submittedAt}, ${agencyApplications.lastEdited})`;
  const [agencies] = await db
    .select(measureFields(agencySince, cutoff))
    .from(agencyApplications)
    .where(eq(agencyApplications.status, 'submitted'));
  measures.set('agency-registrations', agencies ?? EMPTY);

  const waiting = db
    .select({ since: threadWaitingSince.as('since') })
    .from(threads)
    // The team's side: every supplier's threads.
    .where(and(eq(threads.isResolved, false), ownedBy(threads, ANY_SUPPLIER)))
    .as('waiting');
  const [waitingThreads] = await db.select(measureFields(waiting.since, cutoff)).from(waiting).where(isNotNull(waiting.since));
  measures.set('threads', waitingThreads ?? EMPTY);

  const [notices] = await db
    .select(measureFields(engagementNotices.submittedAt, cutoff))
    .from(engagementNotices)
    // The team's side: every supplier's notices.
    .where(and(eq(engagementNotices.status, 'submitted'), gte(engagementNotices.submittedAt, recentFrom), ownedBy(engagementNotices, ANY_SUPPLIER)));
  measures.set('engagement-notices', notices ?? EMPTY);

  const [reports] = await db
    .select(measureFields(billingReports.submittedAt, cutoff))
    .from(billingReports)
    // The team's side: every supplier's reports.
    .where(and(eq(billingReports.status, 'submitted'), gte(billingReports.submittedAt, recentFrom), ownedBy(billingReports, ANY_SUPPLIER)));
  measures.set('billing-reports', reports ?? EMPTY);

  return measures;
}

interface QueueDefinition {
  key: QueueKey;
  label: string;
  applicationStage: ApplicationStageCode | null;
  windowDays: number | null;
}

const QUEUES: readonly QueueDefinition[] = [
  { key: 'supplier-registrations', label: 'Supplier registrations', applicationStage: null, windowDays: null },
  { key: 'supplier-detail-changes', label: 'Supplier name and business number changes', applicationStage: null, windowDays: null },
  ...TEAM_QUEUE_STAGES.map((stage) => ({
    key: `applications-${stage}` as QueueKey,
    label: `Applications: ${applicationStatusLabel(stage)}`,
    applicationStage: stage,
    windowDays: null,
  })),
  { key: 'service-listings', label: 'Service listings waiting for review', applicationStage: null, windowDays: null },
  { key: 'agency-registrations', label: 'Agency registrations', applicationStage: null, windowDays: null },
  { key: 'threads', label: 'Messages waiting for a reply', applicationStage: null, windowDays: null },
  { key: 'engagement-notices', label: 'Engagement notices submitted', applicationStage: null, windowDays: RECENT_SUBMISSIONS_DAYS },
  { key: 'billing-reports', label: 'Billing reports submitted', applicationStage: null, windowDays: RECENT_SUBMISSIONS_DAYS },
];

/** Every work queue of the team at `now`, with REVIEW_TARGET_DAYS as `reviewTargetDays`. */
export async function listWorkQueues(db: Database, now: Date, reviewTargetDays: number): Promise<WorkQueuesResponse> {
  const cutoff = overdueBefore(now, reviewTargetDays);
  const measures = await measureQueues(db, now, cutoff);
  const queues: WorkQueue[] = QUEUES.map((queue) => {
    const { total, oldestSince, overdue } = measures.get(queue.key) ?? EMPTY;
    return {
      ...queue,
      count: total,
      overdueCount: overdue,
      oldestSince: oldestSince?.toISOString() ?? null,
      oldestAgeSeconds: oldestSince === null ? null : Math.max(0, Math.floor((now.getTime() - oldestSince.getTime()) / 1000)),
      oldestAgeWorkingDays: oldestSince === null ? null : workingDaysBetween(oldestSince, now),
    };
  });
  return { at: now.toISOString(), reviewTargetDays, overdueBefore: cutoff.toISOString(), queues };
}
