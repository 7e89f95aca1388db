/**
 * The public listing page, /approved-suppliers/{id}/services/{slug}: a supplier's live listing of
 * one service. A supplier or service with no live listing buyers may read answers the HTML
 * not-found page, as the other public pages do.
 */
import { Type } from 'typebox';
import { DIRECTORY_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { sendNotFoundPage } from '../../pages/routes';
import { parsePathId } from '../../pages/path-id';
import { sendFileDownload } from '../../http/send-file';
import { ListingPage } from './listing-page';
import { findLiveListing, openListingDocument } from './service';

const ListingParams = Type.Object({ id: Type.String(), slug: Type.String() });
const DocumentParams = Type.Object({ id: Type.String(), slug: Type.String(), fileId: Type.String() });

export async function registerListingPages(app: App): Promise<void> {
  const { productName } = app.config;

  app.get(`${DIRECTORY_PATH}/:id/services/:slug`, { schema: { hide: true, params: ListingParams } }, async (request, reply) => {
    const supplierId = parsePathId(request.params.id);
    const listing = supplierId === null ? null : await findLiveListing(await app.readDatabase(request), supplierId, request.params.slug);
    if (!listing) {
      return sendNotFoundPage(reply, productName);
    }
    const about = listing.data.about?.summary;
    return reply.sendPage({
      title: `${listing.service.title}: ${listing.supplier.tradingName}`,
      description: typeof about === 'string' && about.trim() !== '' ? about : `${listing.supplier.tradingName}'s listing of ${listing.service.title} on the ${productName}.`,
      children: <ListingPage listing={listing} />,
    });
  });

  // A document of a live listing that is not for buyers only: anyone reading the listing may download it.
  app.get(`${DIRECTORY_PATH}/:id/services/:slug/documents/:fileId`, { schema: { hide: true, params: DocumentParams } }, async (request, reply) => {
    const supplierId = parsePathId(request.params.id);
    const download =
      supplierId === null ? null : await openListingDocument(await app.readDatabase(request), app.storage, 'public', { supplierId, serviceSlug: request.params.slug, fileId: request.params.fileId });
    if (!download) {
      return sendNotFoundPage(reply, productName);
    }
    // A listing can be suspended or changed at any time: never kept by shared caches.
    return sendFileDownload(reply, download, 'private, no-cache');
  });
}
