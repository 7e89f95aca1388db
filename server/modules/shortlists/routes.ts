/**
 * Buyers' shortlists (issue 31), for any person of the active agency (`X-Agency-Id`,
 * app.requireAgency): list, make, read, rename or share, delete; add a supplier of the directory
 * with a note, change the note, take it off; the shortlist as CSV; and a directory supplier with the
 * shortlists that hold it, for saving it from the directory's pages.
 */
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import {
  CreateShortlistRequestSchema,
  DirectorySupplierParamsSchema,
  DirectorySupplierResponseSchema,
  SaveShortlistSupplierRequestSchema,
  ShortlistDetailSchema,
  ShortlistIdParamsSchema,
  ShortlistsResponseSchema,
  ShortlistSupplierParamsSchema,
  UpdateShortlistRequestSchema,
} from '../../../common/api/shortlists';
import type { App } from '../../app-type';
import { agencyActorOf } from '../../auth/actor';
import { CsvResponseSchema, sendCsv } from '../../http/csv-reply';
import {
  createShortlist,
  deleteShortlist,
  exportShortlistRecords,
  findDirectorySupplier,
  getShortlist,
  listShortlists,
  removeShortlistSupplier,
  saveShortlistSupplier,
  SHORTLIST_CSV_COLUMNS,
  shortlistFileName,
  updateShortlist,
} from './service';

export async function registerShortlistRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const memberOnly = [app.authenticate, app.requireAgency];
  const tags = ['shortlists'];

  app.get(
    '/agency/shortlists',
    {
      preValidation: memberOnly,
      schema: { tags, summary: "The person's own and the agency's shared shortlists, the last changed first", response: { 200: ShortlistsResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => listShortlists(db, agencyActorOf(request)),
  );

  app.post(
    '/agency/shortlists',
    {
      preValidation: memberOnly,
      schema: { tags, summary: 'Makes a new, empty shortlist, not shared', body: CreateShortlistRequestSchema, response: { 201: ShortlistDetailSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => reply.code(201).send(await createShortlist(db, app.audit, agencyActorOf(request), request.body)),
  );

  app.get(
    '/agency/shortlists/:id',
    {
      preValidation: memberOnly,
      schema: { tags, summary: 'One shortlist with its suppliers and notes', params: ShortlistIdParamsSchema, response: { 200: ShortlistDetailSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getShortlist(db, agencyActorOf(request), request.params.id),
  );

  app.put(
    '/agency/shortlists/:id',
    {
      preValidation: memberOnly,
      schema: {
        tags,
        summary: "Renames a shortlist or shares it with the agency (its maker or the agency's admins)",
        params: ShortlistIdParamsSchema,
        body: UpdateShortlistRequestSchema,
        response: { 200: ShortlistDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateShortlist(db, app.audit, agencyActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/agency/shortlists/:id',
    {
      preValidation: memberOnly,
      schema: {
        tags,
        summary: "Deletes a shortlist (its maker or the agency's admins)",
        params: ShortlistIdParamsSchema,
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteShortlist(db, app.audit, agencyActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/agency/shortlists/:id/suppliers/:supplierId',
    {
      preValidation: memberOnly,
      schema: {
        tags,
        summary: 'Adds a supplier of the directory to a shortlist, or changes its note',
        params: ShortlistSupplierParamsSchema,
        body: SaveShortlistSupplierRequestSchema,
        response: { 200: ShortlistDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveShortlistSupplier(db, agencyActorOf(request), request.params.id, request.params.supplierId, request.body),
  );

  app.delete(
    '/agency/shortlists/:id/suppliers/:supplierId',
    {
      preValidation: memberOnly,
      schema: {
        tags,
        summary: 'Takes a supplier off a shortlist',
        params: ShortlistSupplierParamsSchema,
        response: { 200: ShortlistDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeShortlistSupplier(db, agencyActorOf(request), request.params.id, request.params.supplierId),
  );

  app.get(
    '/agency/directory-suppliers/:supplierId',
    {
      preValidation: memberOnly,
      schema: {
        tags,
        summary: "A supplier of the directory as a buyer saves it: its name and which of the person's shortlists hold it",
        params: DirectorySupplierParamsSchema,
        response: { 200: DirectorySupplierResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => findDirectorySupplier(db, agencyActorOf(request), request.params.supplierId),
  );

  app.get(
    '/agency/shortlists/:id/export.csv',
    {
      preValidation: memberOnly,
      schema: {
        tags,
        summary: "Downloads a shortlist as CSV: the directory's columns, a row per service, the listing's price where there is one, and the note",
        params: ShortlistIdParamsSchema,
        response: { 200: CsvResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = agencyActorOf(request);
      // Read first: a shortlist the person cannot see is a 404, before any CSV is sent.
      const shortlist = await getShortlist(db, actor, request.params.id);
      return sendCsv(reply, {
        fileName: shortlistFileName(shortlist.name),
        columns: SHORTLIST_CSV_COLUMNS,
        records: exportShortlistRecords(db, shortlist.suppliers),
        failureMessage: 'shortlist export failed',
      });
    },
  );
}
