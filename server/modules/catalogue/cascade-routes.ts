/**
 * The option lists of the cascade form (spec §2, §7): `catalogues?channel={id}` and
 * `services?catalogue={id}`, which the form asks for relative to the page it is on. Every page
 * path that shows the form therefore answers them under its own folder:
 *
 *   /sales-channels            → /catalogues, /services                 (the root)
 *   /sales-channels/{slug}     → /sales-channels/catalogues, /sales-channels/services
 *   /catalogues/{slug}         → /catalogues/catalogues, /catalogues/services
 *   /services/{slug}           → /services/catalogues, /services/services
 *
 * These are static routes, so they win over the parametric page routes beside them
 * (`/catalogues/:slug`): no channel, catalogue or service may take the slug `catalogues` or `services`.
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { IdTitleSchema } from '../../../common/api/directory';
import { errorResponses, IdSchema } from '../../../common/api/http';
import type { App } from '../../app-type';
import { AppError, ErrorCode } from '../../errors';
import { listCataloguesOfChannel, listServicesOfCatalogue } from '../directory/service';

/** Folders whose pages show the cascade form; '' is the site root. */
export const CASCADE_FOLDERS = ['', '/sales-channels', '/catalogues', '/services'] as const;

const OptionsResponse = Type.Array(IdTitleSchema);

/** The lists change only when the catalogue is edited: let browsers reuse them for a minute. */
const CACHE_CONTROL = 'public, max-age=60';

/** A visitor who opens /catalogues or /services at the root is sent to the channels; elsewhere the id is required. */
function missingParameter(reply: FastifyReply, isRoot: boolean, name: string): FastifyReply {
  if (isRoot) {
    return reply.redirect('/sales-channels');
  }
  throw new AppError(ErrorCode.BadRequest, `The ${name} query parameter is required.`, [{ field: name, message: 'is required' }]);
}

export async function registerCascadeOptionRoutes(app: App): Promise<void> {
  for (const folder of CASCADE_FOLDERS) {
    const isRoot = folder === '';
    app.get(
      `${folder}/catalogues`,
      {
        schema: {
          hide: true,
          querystring: Type.Object({ channel: Type.Optional(IdSchema) }),
          response: { 200: OptionsResponse, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const { channel } = request.query;
        if (channel === undefined) {
          return missingParameter(reply, isRoot, 'channel');
        }
        const options = await listCataloguesOfChannel(app.database.db, channel);
        return reply.header('cache-control', CACHE_CONTROL).send(options);
      },
    );
    app.get(
      `${folder}/services`,
      {
        schema: {
          hide: true,
          querystring: Type.Object({ catalogue: Type.Optional(IdSchema) }),
          response: { 200: OptionsResponse, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const { catalogue } = request.query;
        if (catalogue === undefined) {
          return missingParameter(reply, isRoot, 'catalogue');
        }
        const options = await listServicesOfCatalogue(app.database.db, catalogue);
        return reply.header('cache-control', CACHE_CONTROL).send(options);
      },
    );
  }
}
