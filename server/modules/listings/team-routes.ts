/**
 * The marketplace team's review of service listings, /api/v1/admin/listings: the listings by status,
 * one listing beside its live version, approving it, asking for changes (the reasons go to the
 * supplier as a message), and suspending a live listing or reinstating it. Team only
 * (app.requireTeamMember); the rules are in team-listings.ts.
 */
import { errorResponses } from '../../../common/api/http';
import {
  RequestListingChangesSchema,
  SuspendListingSchema,
  TeamListingListQuerySchema,
  TeamListingListResponseSchema,
  TeamListingParamsSchema,
  TeamListingSchema,
} from '../../../common/api/team-listings';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { approveListing, getListingForTeam, listListingsForTeam, reinstateListing, requestListingChanges, suspendListing } from './team-listings';

const routeErrors = errorResponses(400, 401, 403, 404, 409);

export async function registerTeamListingRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const deps = { db, audit: app.audit, mail: app.mail, mailContext: { productName: app.config.productName, publicUrl: app.config.publicUrl } };
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/listings',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Service listings of one status (waiting for review unless told), longest waiting first',
        querystring: TeamListingListQuerySchema,
        response: { 200: TeamListingListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listListingsForTeam(db, request.query),
  );

  app.get(
    '/admin/listings/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One service listing beside its live version, with the fields that differ and its published versions',
        params: TeamListingParamsSchema,
        response: { 200: TeamListingSchema, ...routeErrors },
      },
    },
    async (request) => getListingForTeam(db, request.params.id),
  );

  app.post(
    '/admin/listings/:id/approve',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Approves a listing waiting for review: for publication with its application, or at once for a live listing’s change',
        params: TeamListingParamsSchema,
        response: { 200: TeamListingSchema, ...routeErrors },
      },
    },
    async (request) => approveListing(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/admin/listings/:id/request-changes',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Sends a listing waiting for review back to the supplier, with the reasons as a message',
        params: TeamListingParamsSchema,
        body: RequestListingChangesSchema,
        response: { 200: TeamListingSchema, ...routeErrors },
      },
    },
    async (request) => requestListingChanges(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/listings/:id/suspend',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Suspends a live listing: buyers cannot read it until it is reinstated; the reasons go to the supplier as a message',
        params: TeamListingParamsSchema,
        body: SuspendListingSchema,
        response: { 200: TeamListingSchema, ...routeErrors },
      },
    },
    async (request) => suspendListing(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/listings/:id/reinstate',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Reinstates a suspended listing: buyers can read it again',
        params: TeamListingParamsSchema,
        response: { 200: TeamListingSchema, ...routeErrors },
      },
    },
    async (request) => reinstateListing(deps, actorOf(request), request.params.id),
  );
}
