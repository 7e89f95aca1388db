/**
 * The supplier's service listings (issue 30): the services it may list with their listings, one
 * listing with its form, saving the working copy, and sending it for review. A listing is named by
 * its service: a supplier has one listing per service. A service the supplier may not list answers
 * 404, whatever supplier it belongs to. The daily reminder of documents close to their expiry date
 * is defined here too.
 */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../common/api/http';
import {
  SaveServiceListingRequestSchema,
  SaveServiceListingResponseSchema,
  SendServiceListingRequestSchema,
  SendServiceListingResponseSchema,
  ServiceListingListResponseSchema,
  ServiceListingParamsSchema,
  ServiceListingResponseSchema,
  ReadListingTemplateResponseSchema,
} from '../../../common/api/service-listings';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getSupplierContext } from '../../auth/context';
import { attachmentDisposition } from '../../http/content-disposition';
import { MULTIPART_OVERHEAD_BYTES, readUploadedFile } from '../uploads/read-upload';
import { documentReminderJobKind } from './document-reminders';
import { LISTING_TEMPLATE_MAX_BYTES, listingTemplate, readListingTemplateUpload } from './listing-templates';
import { getSupplierListing, listSupplierListings, saveSupplierListing, sendSupplierListing } from './supplier-listings';

export async function registerListingsModule(app: App): Promise<void> {
  const { db } = app.database;
  app.jobs.define(
    documentReminderJobKind(
      { db, mail: app.mail, log: app.log, productName: app.config.productName, publicUrl: app.config.publicUrl },
      app.config.jobs.listingDocumentReminderSchedule,
    ),
  );
  const supplierOnly = { preValidation: [app.authenticate, app.requireSupplier] };
  const tags = ['listings'];

  app.get(
    '/listing',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: 'The services the active supplier may list, each with its listing where it has one',
        response: { 200: ServiceListingListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listSupplierListings(db, getSupplierContext(request).supplierId),
  );

  app.get(
    '/listing/:serviceId',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: "The active supplier's listing of one service, with the form it is written on",
        params: ServiceListingParamsSchema,
        response: { 200: ServiceListingResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSupplierListing(db, getSupplierContext(request).supplierId, request.params.serviceId),
  );

  app.put(
    '/listing/:serviceId',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: "Saves the working copy of the active supplier's listing of one service",
        params: ServiceListingParamsSchema,
        body: SaveServiceListingRequestSchema,
        response: { 200: SaveServiceListingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveSupplierListing({ db, audit: app.audit }, supplierActorOf(request), request.params.serviceId, request.body),
  );

  app.post(
    '/listing/:serviceId/send',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: 'Sends the saved listing to the marketplace team for review',
        params: ServiceListingParamsSchema,
        body: SendServiceListingRequestSchema,
        response: { 200: SendServiceListingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => sendSupplierListing({ db, audit: app.audit }, supplierActorOf(request), request.params.serviceId, request.body),
  );

  app.get(
    '/listing/:serviceId/template.xlsx',
    {
      ...supplierOnly,
      schema: {
        tags,
        summary: "The listing template of one service, a spreadsheet filled in with the listing's answers so far",
        params: ServiceListingParamsSchema,
        response: { 200: Type.Unknown({ description: 'An Excel workbook (.xlsx)' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await listingTemplate(db, getSupplierContext(request).supplierId, request.params.serviceId);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  // Multipart parsing only for the template's upload, so no other route here accepts multipart bodies.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    await scope.register(multipart);
    scope.post(
      '/listing/:serviceId/template',
      {
        ...supplierOnly,
        bodyLimit: LISTING_TEMPLATE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        schema: {
          tags,
          summary: 'Reads a filled-in listing template (multipart field `file`) into the answers, for the supplier to check and save; stores nothing',
          consumes: ['multipart/form-data'],
          params: ServiceListingParamsSchema,
          response: { 200: ReadListingTemplateResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request) => {
        const { bytes } = await readUploadedFile(request, LISTING_TEMPLATE_MAX_BYTES);
        return readListingTemplateUpload(db, getSupplierContext(request).supplierId, request.params.serviceId, bytes);
      },
    );
  });
}
