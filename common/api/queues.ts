/**
 * Payload of the team app's work queues (GET /api/v1/admin/queues, team only; issue 13): each queue
 * of work waiting for the marketplace team, how many items it holds, how long the oldest has waited
 * and how many are past the review target (REVIEW_TARGET_DAYS working days; common/working-days.ts).
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';

/** Submitted engagement notices and billing reports count when submitted within this many days (the team has no "seen" mark for them). */
export const RECENT_SUBMISSIONS_DAYS = 30;

export const QUEUE_KEYS = [
  'supplier-registrations',
  'supplier-detail-changes',
  'applications-submitted',
  'applications-pre_assessment',
  'applications-in_progress',
  'applications-granted',
  'applications-listing_validation',
  'service-listings',
  'agency-registrations',
  'threads',
  'engagement-notices',
  'billing-reports',
] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];

export const WorkQueueSchema = Type.Object({
  key: Type.Unsafe<QueueKey>(Type.String({ enum: [...QUEUE_KEYS] })),
  label: Type.String(),
  /** The application stage of an applications queue (GET /admin/applications?status=…&sort=oldest lists it); null for the others. */
  applicationStage: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
  /** Items waiting more than the review target's working days. */
  overdueCount: Type.Integer(),
  /** Since when the oldest item is in its current stage (waiting for the team); null when the queue is empty. */
  oldestSince: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The oldest item's age in seconds; null when the queue is empty. */
  oldestAgeSeconds: Type.Union([Type.Integer(), Type.Null()]),
  /** The oldest item's age in working days (workingDaysBetween); null when the queue is empty. */
  oldestAgeWorkingDays: Type.Union([Type.Integer(), Type.Null()]),
  /** For queues of recent submissions: the days counted back (RECENT_SUBMISSIONS_DAYS); null for queues of items waiting on a decision. */
  windowDays: Type.Union([Type.Integer(), Type.Null()]),
});
export type WorkQueue = Static<typeof WorkQueueSchema>;

export const WorkQueuesResponseSchema = Type.Object({
  /** The moment the counts were taken. */
  at: Type.String({ format: 'date-time' }),
  /** REVIEW_TARGET_DAYS: working days (Monday to Friday, public holidays not left out). */
  reviewTargetDays: Type.Integer(),
  /** Items waiting since before this are overdue (overdueBefore). */
  overdueBefore: Type.String({ format: 'date-time' }),
  queues: Type.Array(WorkQueueSchema),
});
export type WorkQueuesResponse = Static<typeof WorkQueuesResponseSchema>;
