/**
 * The marketplace team's background jobs, /api/v1/admin/background-jobs: the console home's counts
 * (any team member), the mail and jobs that failed or wait to be tried again, and trying one again
 * or cancelling it (team admins only). The rules are in service.ts.
 */
import {
  BACKGROUND_JOBS_TEAM_ADMIN_ONLY,
  BackgroundJobActionResponseSchema,
  BackgroundJobListQuerySchema,
  BackgroundJobListResponseSchema,
  BackgroundJobParamsSchema,
  BackgroundJobSummarySchema,
} from '../../../common/api/background-jobs';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { getCurrentUser } from '../../auth/context';
import { createRequireTeamAdmin, isTeamAdmin } from '../../auth/require-team-member';
import { cancelBackgroundJob, countBackgroundJobs, listBackgroundJobs, retryBackgroundJob } from './service';

export async function registerTeamBackgroundJobRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const deps = { db, jobs: app.jobs, audit: app.audit };
  const adminGuards = [app.authenticate, createRequireTeamAdmin(db, BACKGROUND_JOBS_TEAM_ADMIN_ONLY)];
  const tags = ['admin'];

  app.get(
    '/admin/background-jobs/summary',
    {
      preValidation: [app.authenticate, app.requireTeamMember],
      schema: {
        tags,
        summary: 'How many mails and jobs failed and how many wait to be tried again, and whether the caller may act on them (a team admin)',
        response: { 200: BackgroundJobSummarySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ ...(await countBackgroundJobs(deps)), canManage: await isTeamAdmin(db, getCurrentUser(request).id) }),
  );

  app.get(
    '/admin/background-jobs',
    {
      preValidation: adminGuards,
      schema: {
        tags,
        summary: 'Team admins: the mail and jobs that failed or wait to be tried again, newest first, with why, 20 a page',
        querystring: BackgroundJobListQuerySchema,
        response: { 200: BackgroundJobListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBackgroundJobs(deps, request.query),
  );

  app.post(
    '/admin/background-jobs/:id/retry',
    {
      preValidation: adminGuards,
      schema: {
        tags,
        summary: 'Team admins: tries a failed job again, or a waiting one now; 404 if it is neither (sent, retried or cancelled meanwhile)',
        params: BackgroundJobParamsSchema,
        response: { 200: BackgroundJobActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => retryBackgroundJob(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/admin/background-jobs/:id/cancel',
    {
      preValidation: adminGuards,
      schema: {
        tags,
        summary: 'Team admins: cancels a waiting job, or removes a failed one; 404 if it is neither',
        params: BackgroundJobParamsSchema,
        response: { 200: BackgroundJobActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cancelBackgroundJob(deps, actorOf(request), request.params.id),
  );
}
