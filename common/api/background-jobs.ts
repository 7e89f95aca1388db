/**
 * Payloads of the marketplace team's background jobs, /api/v1/admin/background-jobs (issue 28 item 5):
 * the mail and other jobs that failed or are waiting to be tried again, with why; trying one again
 * or cancelling it (team admins only); and the counts the console's home shows.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { PageNumberSchema, Paged } from './http';
import { UUID_PATTERN } from './uploads';

export const BACKGROUND_JOBS_PAGE_SIZE = 20;

/** `failed`: every try failed, it waits for the team; `retry`: a try failed, it will be tried again by itself. */
export const BACKGROUND_JOB_STATES = ['failed', 'retry'] as const;
export type BackgroundJobState = (typeof BACKGROUND_JOB_STATES)[number];

export const BackgroundJobSchema = Type.Object({
  /** The job's id (a UUID): for the actions' addresses, never shown to people. */
  id: Type.String(),
  /** What the console calls its kind of job: 'Email'. */
  label: Type.String(),
  /** What it is, in plain words: a mail's subject and recipient, otherwise its kind's label. */
  description: Type.String(),
  /** Whom a mail is for; null for other jobs. */
  recipient: Type.Union([Type.String(), Type.Null()]),
  state: Type.Unsafe<BackgroundJobState>(Type.String({ enum: [...BACKGROUND_JOB_STATES] })),
  /** Tries made so far. */
  attempts: Type.Integer(),
  /** Tries it may have in all (its first and its retries). */
  maxAttempts: Type.Integer(),
  /** When it was queued (ISO 8601). */
  createdAt: Type.String({ format: 'date-time' }),
  /** When it will be tried next, for a job waiting to be retried; null for a failed one. */
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Why its last try failed, as the failure said; null when nothing was recorded. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type BackgroundJob = Static<typeof BackgroundJobSchema>;

export const BackgroundJobListQuerySchema = Type.Object({ page: Type.Optional(PageNumberSchema) }, { additionalProperties: false });
export type BackgroundJobListQuery = Static<typeof BackgroundJobListQuerySchema>;

/** GET /api/v1/admin/background-jobs: the failed and waiting jobs, newest first, a page at a time. */
export const BackgroundJobListResponseSchema = Paged('jobs', BackgroundJobSchema);
export type BackgroundJobListResponse = Static<typeof BackgroundJobListResponseSchema>;

/** GET /api/v1/admin/background-jobs/summary (any team member): the console home's counts. */
export const BackgroundJobSummarySchema = Type.Object({
  failed: Type.Integer(),
  waiting: Type.Integer(),
  /** The caller is a team admin, who alone sees the jobs and retries or cancels them. */
  canManage: Type.Boolean(),
});
export type BackgroundJobSummary = Static<typeof BackgroundJobSummarySchema>;

export const BackgroundJobParamsSchema = Type.Object({ id: Type.String({ pattern: UUID_PATTERN, description: 'A job id (UUID)' }) });
export type BackgroundJobParams = Static<typeof BackgroundJobParamsSchema>;

/**
 * What a retry or a cancel did. `retried`: a failed job goes back on the queue; `running-now`: a
 * waiting job is due at once; `cancelled`: a waiting job will not be tried again; `dismissed`: a
 * failed job is removed.
 */
export const BACKGROUND_JOB_OUTCOMES = ['retried', 'running-now', 'cancelled', 'dismissed'] as const;
export type BackgroundJobOutcome = (typeof BACKGROUND_JOB_OUTCOMES)[number];

export const BackgroundJobActionResponseSchema = Type.Object({
  outcome: Type.Unsafe<BackgroundJobOutcome>(Type.String({ enum: [...BACKGROUND_JOB_OUTCOMES] })),
  /** The job as it was before the action. */
  job: BackgroundJobSchema,
});
export type BackgroundJobActionResponse = Static<typeof BackgroundJobActionResponseSchema>;

export const BACKGROUND_JOBS_TEAM_ADMIN_ONLY = 'Only a team admin can see failed mail and jobs, or retry or cancel them.';
export const BACKGROUND_JOB_NOT_FOUND =
  'There is no failed or waiting mail or job with that id: it may have been sent, retried or cancelled already.';
