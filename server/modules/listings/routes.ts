/**
 * The supplier's service listings (issue 30): the services it may list with their listings, one
 * listing with its form, saving the working copy, and sending it for review. A listing is named by
 * its service: a supplier has one listing per service. A service the supplier may not list answers
 * 404, whatever supplier it belongs to. The daily reminder of documents close to their expiry date
 * is defined here too.
 */
import { errorResponses } from '../../../common/api/http';
import {
  SaveServiceListingRequestSchema,
  SaveServiceListingResponseSchema,
  SendServiceListingRequestSchema,
  SendServiceListingResponseSchema,
  ServiceListingListResponseSchema,
  ServiceListingParamsSchema,
  ServiceListingResponseSchema,
} from '../../../common/api/service-listings';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getSupplierContext } from '../../auth/context';
import { documentReminderJobKind } from './document-reminders';
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
}
