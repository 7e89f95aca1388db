/**
 * What the console's application queue reads from its URL (`?status=` a stage, `page=`), and how
 * long an application has waited in its stage, in words ('12 days').
 */
import type { AdminApplicationSummary } from '../../common/api/admin-applications';
import { APPLICATION_STAGES, teamMovesFrom, type ApplicationStageCode } from '../../common/application-stages';
import { isOverdue } from '../../common/working-days';
import { wholeNumberParam } from '../reporting/list-params';

export interface QueueQuery {
  status?: ApplicationStageCode;
  page?: number;
}

/** The largest page number the API reads (its PageNumberSchema). */
const MAX_PAGE = 99_999;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The queue's query from its URL; an unknown stage or a malformed page is ignored (the default), never sent. */
export function queueQuery(search: URLSearchParams): QueueQuery {
  const status = APPLICATION_STAGES.find((stage) => stage.code === search.get('status'))?.code;
  const page = wholeNumberParam(search.get('page'), MAX_PAGE);
  return { ...(status ? { status } : {}), ...(page ? { page } : {}) };
}

/** The API's path of the queue for that query (`?status=&page=` when set). */
export function queuePath(query: QueueQuery): string {
  const search = new URLSearchParams();
  if (query.status) {
    search.set('status', query.status);
  }
  if (query.page && query.page > 1) {
    search.set('page', String(query.page));
  }
  const text = search.toString();
  return text === '' ? 'admin/applications' : `admin/applications?${text}`;
}

/** Whole days from `since` to `now` (never below 0). */
export function daysSince(since: string, now: Date): number {
  const elapsed = now.getTime() - Date.parse(since);
  return Number.isNaN(elapsed) ? 0 : Math.max(0, Math.floor(elapsed / DAY_MS));
}

/** How long an application has been in its stage, as people say it: 'Less than a day', '1 day', '12 days'. */
export function timeInStage(since: string, now: Date): string {
  const days = daysSince(since, now);
  if (days === 0) {
    return 'Less than a day';
  }
  return days === 1 ? '1 day' : `${days.toLocaleString('en-NZ')} days`;
}

/** Whether an application has waited past the review target in a stage the team still acts on. */
export function isApplicationOverdue(application: Pick<AdminApplicationSummary, 'status' | 'stageReachedAt'>, now: Date, targetDays: number | undefined): boolean {
  return targetDays !== undefined && teamMovesFrom(application.status).length > 0 && isOverdue(new Date(application.stageReachedAt), now, targetDays);
}
