/**
 * Supplier details of the active supplier (spec §7): GET /user/details (members),
 * GET /supplier-registration/update_form (the form definition) and PUT /supplier-registration
 * (admins of the supplier save changed answers; a change of legal name or business numbers waits
 * for the team's review), DELETE /supplier-registration/pending-change (admins withdraw that
 * change); and GET /user/listings (members), what buyers see of the supplier in the public directory.
 */
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { SupplierDetailsSchema, UpdateSupplierDetailsRequestSchema } from '../../../common/api/supplier-details';
import { PublicListingSchema } from '../../../common/api/supplier-listing';
import { errorResponses, NoContentResponseSchema } from '../../../common/api/http';
import { supplierDetailsForm } from '../../../common/supplier-details/form';
import type { App } from '../../app-type';
import { supplierActorOf } from '../../auth/actor';
import { getSupplierContext } from '../../auth/context';
import { validatorsPath } from '../forms/validators';
import { getPublicListing } from './public-listing';
import { withdrawPendingChange } from './detail-changes';
import { getSupplierDetails, updateSupplierDetails } from './service';

export async function registerSuppliersModule(app: App): Promise<void> {
  app.get(
    '/user/details',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags: ['suppliers'],
        summary: "The active supplier's details",
        response: { 200: SupplierDetailsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSupplierDetails(app.database.db, getSupplierContext(request).supplierId),
  );

  app.get(
    '/user/listings',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags: ['suppliers'],
        summary: "The active supplier's published listings, as its public profile shows them, and the profile's address",
        response: { 200: PublicListingSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getPublicListing(app.database.db, getSupplierContext(request).supplierId),
  );

  app.get(
    '/supplier-registration/update_form',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags: ['suppliers'],
        summary: 'The supplier details form: its steps, schemas and precompiled validators',
        response: { 200: FormDefinitionResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async () => ({ ...supplierDetailsForm, validators: validatorsPath(supplierDetailsForm) }),
  );

  app.put(
    '/supplier-registration',
    {
      preValidation: [app.authenticate, app.requireSupplierAdmin],
      schema: {
        tags: ['suppliers'],
        summary: "Saves changed answers of the active supplier's details (admins)",
        body: UpdateSupplierDetailsRequestSchema,
        response: { 200: SupplierDetailsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { last_edited: lastEdited, ...changes } = request.body;
      return updateSupplierDetails(
        app.database.db,
        app.audit,
        supplierActorOf(request),
        lastEdited,
        changes,
      );
    },
  );

  app.delete(
    '/supplier-registration/pending-change',
    {
      preValidation: [app.authenticate, app.requireSupplierAdmin],
      schema: {
        tags: ['suppliers'],
        summary: "Withdraws the active supplier's change of legal name or business numbers waiting for the team's review (admins); 409 when none waits",
        response: { 204: NoContentResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      await withdrawPendingChange(app.database.db, app.audit, supplierActorOf(request));
      return reply.status(204).send(null);
    },
  );
}
