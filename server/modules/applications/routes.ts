/**
 * Applications for services (spec §2 /applications, §7): the source lists the apply screens read
 * (GET /channel, public; GET /service), the form for chosen services (GET /supplier-form), and the
 * active supplier's applications (list, read, save or submit, delete). Another supplier's
 * application answers 404.
 */
import {
  ApplicationIdParamsSchema,
  ApplicationListQuerySchema,
  ApplicationListResponseSchema,
  ApplicationResponseSchema,
  HeldServicesResponseSchema,
  SaveApplicationRequestSchema,
  SaveApplicationResponseSchema,
  ServiceListResponseSchema,
  SupplierFormQuerySchema,
} from '../../../common/api/applications';
import { DirectoryTreeSchema } from '../../../common/api/directory';
import { ServiceListQuerySchema } from '../../../common/api/engagement-notices';
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getSupplierContext } from '../../auth/context';
import { getDirectoryTree } from '../directory/service';
import {
  deleteApplication,
  findHeldServices,
  getApplication,
  getSupplierForm,
  listApplications,
  listApprovedServices,
  listServices,
  saveApplication,
} from './service';

const routeErrors = errorResponses(400, 401, 403);

export async function registerApplicationsModule(app: App): Promise<void> {
  const supplierOnly = { preValidation: [app.authenticate, app.requireSupplier] };

  app.get(
    '/channel',
    {
      schema: {
        tags: ['applications'],
        summary: 'Channels with their catalogues and services (public)',
        response: { 200: DirectoryTreeSchema },
      },
    },
    async () => getDirectoryTree(app.database.db),
  );

  app.get(
    '/service',
    {
      ...supplierOnly,
      schema: {
        tags: ['applications'],
        summary: 'Every service, with its catalogue, by title; with approved=true only those the active supplier is approved for, labelled',
        querystring: ServiceListQuerySchema,
        response: { 200: ServiceListResponseSchema, ...routeErrors },
      },
    },
    async (request) =>
      request.query.approved === 'true'
        ? listApprovedServices(app.database.db, getSupplierContext(request).supplierId)
        : listServices(app.database.db),
  );

  app.get(
    '/service/held',
    {
      ...supplierOnly,
      schema: {
        tags: ['applications'],
        summary: 'The services the active supplier cannot apply for again: granted, or pending in a submitted application',
        response: { 200: HeldServicesResponseSchema, ...routeErrors },
      },
    },
    async (request) => findHeldServices(app.database.db, getSupplierContext(request).supplierId),
  );

  app.get(
    '/supplier-form',
    {
      ...supplierOnly,
      schema: {
        tags: ['applications'],
        summary: 'The application form for the chosen services: common steps, then one step per catalogue',
        querystring: SupplierFormQuerySchema,
        response: { 200: FormDefinitionResponseSchema, ...routeErrors },
      },
    },
    async (request) => getSupplierForm(app.database.db, request.query.services.split(',').map(Number)),
  );

  app.get(
    '/application',
    {
      ...supplierOnly,
      schema: {
        tags: ['applications'],
        summary: "The active supplier's applications, the last edited first; by status or reference id",
        querystring: ApplicationListQuerySchema,
        response: { 200: ApplicationListResponseSchema, ...routeErrors },
      },
    },
    async (request) => listApplications(app.database.db, getSupplierContext(request).supplierId, request.query),
  );

  app.get(
    '/application/:id',
    {
      ...supplierOnly,
      schema: {
        tags: ['applications'],
        summary: 'One of the active supplier\u2019s applications, with its form',
        params: ApplicationIdParamsSchema,
        response: { 200: ApplicationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getApplication(app.database.db, getSupplierContext(request).supplierId, request.params.id),
  );

  app.post(
    '/application',
    {
      ...supplierOnly,
      schema: {
        tags: ['applications'],
        summary: 'Saves (status incomplete) or submits (status submitted) an application',
        body: SaveApplicationRequestSchema,
        response: { 200: SaveApplicationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveApplication(app.database.db, app.audit, supplierActorOf(request), request.body),
  );

  app.delete(
    '/application/:id',
    {
      ...supplierOnly,
      schema: {
        tags: ['applications'],
        summary: 'Deletes one of the active supplier\u2019s applications while it is incomplete',
        params: ApplicationIdParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteApplication(app.database.db, app.audit, supplierActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
