/**
 * What the team app's application queue reads from its URL (`?status=` a stage, `page=`, and
 * `after=` or `before=`, the application its page starts from), and
 * whether an application has waited in its stage past the review target.
 */
import type { TeamApplicationSummary } from '../../common/api/team-applications';
import { APPLICATION_STAGES, teamMovesFrom, type ApplicationStageCode } from '../../common/application-stages';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { isPastTarget } from '../lib/components/overdue-mark';
import { listQueryPath, pageCursorParams, wholeNumberParam } from '../lib/lists/url-params';

export interface QueueQuery {
  status?: ApplicationStageCode;
  page?: number;
  after?: number;
  before?: number;
}


/** The queue's query from its URL; an unknown stage or a malformed page is ignored (the default), never sent. */
export function queueQuery(search: URLSearchParams): QueueQuery {
  const status = APPLICATION_STAGES.find((stage) => stage.code === search.get('status'))?.code;
  const page = wholeNumberParam(search.get('page'), MAX_PAGE_NUMBER);
  return { ...(status ? { status } : {}), ...(page ? { page } : {}), ...pageCursorParams(search) };
}

/** The API's path of the queue for that query (`?status=&page=&after=&before=` when set). */
export function queuePath(query: QueueQuery): string {
  return listQueryPath('admin/applications', query);
}

/** Whether an application has waited past the review target in a stage the team still acts on. */
export function isApplicationOverdue(application: Pick<TeamApplicationSummary, 'status' | 'stageReachedAt'>, now: Date, targetDays: number | undefined): boolean {
  return teamMovesFrom(application.status).length > 0 && isPastTarget(application.stageReachedAt, now, targetDays);
}
