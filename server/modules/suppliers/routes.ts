/**
 * Supplier details of the active supplier (spec §7): GET /user/details (members),
 * GET /supplier-registration/update_form (the form definition) and PUT /supplier-registration
 * (admins of the supplier save changed answers).
 */
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { SupplierDetailsSchema, UpdateSupplierDetailsRequestSchema } from '../../../common/api/supplier-details';
import { ErrorResponseSchema } from '../../../common/api/user';
import { supplierDetailsForm } from '../../../common/supplier-details/form';
import type { App } from '../../app-type';
import { getCurrentUser, getSupplierContext } from '../../auth/context';
import { validatorsPath } from '../forms/validators';
import { getSupplierDetails, updateSupplierDetails } from './service';

const errorResponses = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export async function registerSuppliersModule(app: App): Promise<void> {
  app.get(
    '/user/details',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags: ['suppliers'],
        summary: "The active supplier's details",
        response: { 200: SupplierDetailsSchema, 404: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request) => getSupplierDetails(app.database.db, getSupplierContext(request).supplierId),
  );

  app.get(
    '/supplier-registration/update_form',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags: ['suppliers'],
        summary: 'The supplier details form: its steps, schemas and precompiled validators',
        response: { 200: FormDefinitionResponseSchema, ...errorResponses },
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
        response: { 200: SupplierDetailsSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { last_edited: lastEdited, ...changes } = request.body;
      return updateSupplierDetails(
        app.database.db,
        app.audit,
        { userId: getCurrentUser(request).id, supplierId: getSupplierContext(request).supplierId, requestId: request.id },
        lastEdited,
        changes,
      );
    },
  );
}
