/**
 * The marketplace team's supplier management, /api/v1/admin/suppliers: the search, every supplier's
 * name (for a choice of supplier), one supplier
 * with everything about it, suspending and reinstating (each with a reason, audited). And
 * /api/v1/admin/supplier-changes: suppliers' changes of legal name or business numbers waiting for
 * review, approved or declined with a reason. Team only (app.requireTeamMember); the rules are in
 * team-service.ts and detail-changes.ts.
 */
import { errorResponses } from '../../../common/api/http';
import {
  TeamSupplierListQuerySchema,
  TeamSupplierListResponseSchema,
  TeamSupplierNamesResponseSchema,
  TeamSupplierParamsSchema,
  TeamSupplierSchema,
  TeamSupplierStatusChangeRequestSchema,
} from '../../../common/api/team-suppliers';
import {
  TeamSupplierChangeListQuerySchema,
  TeamSupplierChangeListResponseSchema,
  TeamSupplierChangeParamsSchema,
  TeamSupplierChangeDeclineRequestSchema,
  TeamSupplierChangeSchema,
} from '../../../common/api/supplier-detail-changes';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import { approveSupplierChange, getSupplierChange, listSupplierChanges, declineSupplierChange } from './detail-changes';
import { getSupplierForTeam, listSupplierNamesForTeam, listSuppliersForTeam, reinstateSupplier, suspendSupplier } from './team-service';

export async function registerTeamSupplierRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const deps = { db, audit: app.audit, mail: app.mail, mailContext: { productName: app.config.productName, publicUrl: app.config.publicUrl, teamContact: app.config.teamContact } };
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];

  app.get(
    '/admin/suppliers',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Suppliers by trading name: search by trading or legal name, NZBN or ABN, and status; 25 a page',
        querystring: TeamSupplierListQuerySchema,
        response: { 200: TeamSupplierListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSuppliersForTeam(db, request.query),
  );

  app.get(
    '/admin/suppliers/names',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "Every supplier's id and trading name, by trading name: the choices of a supplier filter",
        response: { 200: TeamSupplierNamesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listSupplierNamesForTeam(db),
  );

  app.get(
    '/admin/suppliers/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'One supplier: details, users, applications, engagement notices, billing reports, threads and its latest audit entries',
        params: TeamSupplierParamsSchema,
        response: { 200: TeamSupplierSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSupplierForTeam(db, request.params.id),
  );

  app.post(
    '/admin/suppliers/:id/suspend',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Suspends a supplier: out of the directory and its CSV at once, its users off the dashboard; 409 if already suspended',
        params: TeamSupplierParamsSchema,
        body: TeamSupplierStatusChangeRequestSchema,
        response: { 200: TeamSupplierSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => suspendSupplier(deps, actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/suppliers/:id/reinstate',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Reinstates a suspended supplier to the status it had before; 409 if it is not suspended',
        params: TeamSupplierParamsSchema,
        body: TeamSupplierStatusChangeRequestSchema,
        response: { 200: TeamSupplierSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reinstateSupplier(deps, actorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/admin/supplier-changes',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "Suppliers' changes of legal name or business numbers of one status (waiting for review unless asked), oldest first; 25 a page",
        querystring: TeamSupplierChangeListQuerySchema,
        response: { 200: TeamSupplierChangeListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSupplierChanges(db, request.query),
  );

  app.get(
    '/admin/supplier-changes/:id',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "One supplier's change of legal name or business numbers: field by field, the approved value and the one asked for",
        params: TeamSupplierChangeParamsSchema,
        response: { 200: TeamSupplierChangeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSupplierChange(db, request.params.id),
  );

  app.post(
    '/admin/supplier-changes/:id/approve',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Approves a change: the supplier and every public place take the new values; 409 if already decided or a number now belongs to another supplier',
        params: TeamSupplierChangeParamsSchema,
        response: { 200: TeamSupplierChangeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => approveSupplierChange(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/admin/supplier-changes/:id/decline',
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Declines a change with a reason mailed to the supplier; the approved values stay; 409 if already decided',
        params: TeamSupplierChangeParamsSchema,
        body: TeamSupplierChangeDeclineRequestSchema,
        response: { 200: TeamSupplierChangeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => declineSupplierChange(deps, actorOf(request), request.params.id, request.body.reason),
  );
}
