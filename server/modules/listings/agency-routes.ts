/**
 * The listing documents for government buyers only (issue 31): any person of an approved agency
 * (the X-Agency-Id header, app.requireAgency) downloads every document of a live listing, those for
 * buyers only included; the public listing page offers them the button (app/listings/buyer-documents).
 */
import { Type } from 'typebox';
import { errorResponses, IdSchema } from '../../../common/api/http';
import type { App } from '../../app-type';
import { sendFileDownload } from '../../http/send-file';
import { AppError, ErrorCode } from '../../errors';
import { openListingDocument } from './service';

const ListingDocumentParamsSchema = Type.Object({
  supplierId: IdSchema,
  slug: Type.String({ minLength: 1, maxLength: 200 }),
  fileId: Type.String({ minLength: 1, maxLength: 100 }),
});

export async function registerAgencyListingRoutes(app: App): Promise<void> {
  app.get(
    '/agency/listing-documents/:supplierId/:slug/:fileId',
    {
      preValidation: [app.authenticate, app.requireAgency],
      schema: {
        tags: ['listings'],
        summary: "Downloads a document of a supplier's live listing, those for government buyers only included, for a person of the active agency",
        params: ListingDocumentParamsSchema,
        response: { 200: Type.Unknown({ description: 'The file, with its stored content type' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { supplierId, slug, fileId } = request.params;
      const download = await openListingDocument(app.database.db, app.storage, 'buyer', { supplierId, serviceSlug: slug, fileId });
      if (!download) {
        throw new AppError(ErrorCode.NotFound, 'No such document: the listing may have changed or been taken down.');
      }
      // A listing can be suspended or changed at any time, and a buyer's copy is theirs alone.
      return sendFileDownload(reply, download, 'private, no-store');
    },
  );
}
