/**
 * The public catalogue pages (sales channels, catalogues, services) and each supplier's public
 * profile, plus the cascade form's option lists. Unknown slugs and suppliers that are not public
 * answer the HTML not-found page.
 */
import { Type } from 'typebox';
import { DIRECTORY_PATH, SALES_CHANNELS_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import type { Database } from '../../db/client';
import { sendNotFoundPage } from '../../pages/routes';
import { parsePathId } from '../../pages/path-id';
import { getDirectoryTree } from '../directory/service';
import { CataloguePage, ChannelPage, SalesChannelsPage, ServicePage } from './catalogue-pages';
import { SupplierProfilePage } from './supplier-profile-page';
import { registerCascadeOptionRoutes } from './cascade-routes';
import {
  findCataloguePage,
  findChannelPage,
  findServicePage,
  findSupplierProfile,
  getCatalogueNavigation,
  listChannelSummaries,
} from './queries';

const SlugParams = Type.Object({ slug: Type.String() });
const SupplierParams = Type.Object({ id: Type.String() });
const ServiceQuery = Type.Object({ sort: Type.Optional(Type.String({ maxLength: 20 })) });
export async function registerCataloguePages(app: App): Promise<void> {
  const { productName } = app.config;
  const page = { schema: { hide: true } };
  const slugPage = { schema: { hide: true, params: SlugParams } };

  await registerCascadeOptionRoutes(app);

  /** What every catalogue page shows besides its own content: the side navigation and the form's tree. */
  const loadFrame = async (db: Database) => {
    const [navigation, tree] = await Promise.all([getCatalogueNavigation(db), getDirectoryTree(db)]);
    return { navigation, tree };
  };

  app.get(SALES_CHANNELS_PATH, page, async (request, reply) => {
    const db = await app.readDatabase(request);
    const [channels, frame] = await Promise.all([listChannelSummaries(db), loadFrame(db)]);
    return reply.sendPage({
      title: 'Sales channels',
      description: `The sales channels of the ${productName}, each with its catalogues of services and the suppliers approved for them.`,
      children: <SalesChannelsPage channels={channels} {...frame} />,
    });
  });

  app.get(`${SALES_CHANNELS_PATH}/:slug`, slugPage, async (request, reply) => {
    const db = await app.readDatabase(request);
    const data = await findChannelPage(db, request.params.slug);
    if (!data) {
      return sendNotFoundPage(reply, productName);
    }
    return reply.sendPage({ title: data.channel.title, description: data.channel.description, children: <ChannelPage data={data} {...await loadFrame(db)} /> });
  });

  app.get('/catalogues/:slug', slugPage, async (request, reply) => {
    const db = await app.readDatabase(request);
    const data = await findCataloguePage(db, request.params.slug);
    if (!data) {
      return sendNotFoundPage(reply, productName);
    }
    return reply.sendPage({ title: data.catalogue.title, description: data.catalogue.description, children: <CataloguePage data={data} {...await loadFrame(db)} /> });
  });

  // `sort=price` puts the lowest price first; anything else (or nothing) orders by name.
  app.get('/services/:slug', { schema: { hide: true, params: SlugParams, querystring: ServiceQuery } }, async (request, reply) => {
    const db = await app.readDatabase(request);
    const data = await findServicePage(db, request.params.slug, request.query.sort === 'price' ? 'price' : 'name');
    if (!data) {
      return sendNotFoundPage(reply, productName);
    }
    return reply.sendPage({ title: data.service.title, description: data.service.description, children: <ServicePage data={data} {...await loadFrame(db)} /> });
  });

  app.get(`${DIRECTORY_PATH}/:id`, { schema: { hide: true, params: SupplierParams } }, async (request, reply) => {
    const db = await app.readDatabase(request);
    const id = parsePathId(request.params.id);
    const profile = id === null ? null : await findSupplierProfile(db, id);
    if (!profile) {
      return sendNotFoundPage(reply, productName);
    }
    return reply.sendPage({
      title: profile.tradingName,
      description: profile.summary?.trim() ? profile.summary : `${profile.tradingName} is a supplier approved by the ${productName}: its services, catalogues and contact details.`,
      children: <SupplierProfilePage profile={profile} />,
    });
  });
}
