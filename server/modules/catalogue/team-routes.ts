/**
 * The team's catalogue management, /api/v1/admin/catalogue (team only; the rules are in
 * team-service.ts): the whole tree, and for channels, catalogues and services alike creating,
 * renaming (the slug stays), retiring and restoring; channels and catalogues also move up or down
 * or take a full order (services are listed by title everywhere).
 */
import {
  TeamCatalogueItemParamsSchema,
  TeamCatalogueItemSchema,
  TeamCatalogueOrderRequestSchema,
  TeamCatalogueTreeSchema,
  TeamChannelOrderRequestSchema,
  TeamCreateCatalogueRequestSchema,
  TeamCreateChannelRequestSchema,
  TeamCreateServiceRequestSchema,
  TeamMoveRequestSchema,
  TeamRenameRequestSchema,
  TeamSiblingOrderSchema,
  type CatalogueItemKind,
} from '../../../common/api/team-catalogue';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { actorOf } from '../../auth/actor';
import {
  createCatalogueItem,
  getCatalogueTree,
  moveCatalogueItem,
  orderCatalogueItems,
  renameCatalogueItem,
  restoreCatalogueItem,
  retireCatalogueItem,
} from './team-service';

const routeErrors = errorResponses(400, 401, 403, 404, 409);

/** The folder of each kind under /admin/catalogue. */
const FOLDERS = { channel: 'channels', catalogue: 'catalogues', service: 'services' } as const satisfies Record<CatalogueItemKind, string>;

export async function registerTeamCatalogueRoutes(app: App): Promise<void> {
  const { db } = app.database;
  const deps = { db, audit: app.audit };
  const guards = [app.authenticate, app.requireTeamMember];
  const tags = ['admin'];
  const base = '/admin/catalogue';

  app.get(
    base,
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Every channel, catalogue and service, retired ones included, with positions, slugs and counts',
        response: { 200: TeamCatalogueTreeSchema, ...routeErrors },
      },
    },
    async () => getCatalogueTree(db),
  );

  app.post(
    `${base}/channels`,
    {
      preValidation: guards,
      schema: { tags, summary: 'Creates a channel, last in order', body: TeamCreateChannelRequestSchema, response: { 201: TeamCatalogueItemSchema, ...routeErrors } },
    },
    async (request, reply) => reply.status(201).send(await createCatalogueItem(deps, actorOf(request), 'channel', request.body)),
  );

  app.post(
    `${base}/catalogues`,
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Creates a catalogue, last in its channel (409 when the channel is retired)',
        body: TeamCreateCatalogueRequestSchema,
        response: { 201: TeamCatalogueItemSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const { channelId, ...input } = request.body;
      return reply.status(201).send(await createCatalogueItem(deps, actorOf(request), 'catalogue', { ...input, parentId: channelId }));
    },
  );

  app.post(
    `${base}/services`,
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Creates a service in a catalogue (409 when the catalogue or its channel is retired)',
        body: TeamCreateServiceRequestSchema,
        response: { 201: TeamCatalogueItemSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const { catalogueId, ...input } = request.body;
      return reply.status(201).send(await createCatalogueItem(deps, actorOf(request), 'service', { ...input, parentId: catalogueId }));
    },
  );

  app.put(
    `${base}/channels/order`,
    {
      preValidation: guards,
      schema: {
        tags,
        summary: 'Puts every channel (retired ones too) in the given order; 400 unless the ids are exactly the channels',
        body: TeamChannelOrderRequestSchema,
        response: { 200: TeamSiblingOrderSchema, ...routeErrors },
      },
    },
    async (request) => orderCatalogueItems(deps, actorOf(request), 'channel', null, request.body.ids),
  );

  app.put(
    `${base}/catalogues/order`,
    {
      preValidation: guards,
      schema: {
        tags,
        summary: "Puts every catalogue of a channel (retired ones too) in the given order; 400 unless the ids are exactly the channel's catalogues",
        body: TeamCatalogueOrderRequestSchema,
        response: { 200: TeamSiblingOrderSchema, ...routeErrors },
      },
    },
    async (request) => orderCatalogueItems(deps, actorOf(request), 'catalogue', request.body.channelId, request.body.ids),
  );

  for (const kind of ['channel', 'catalogue', 'service'] as const) {
    const path = `${base}/${FOLDERS[kind]}/:id`;

    app.put(
      path,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Renames a ${kind} (title, and description when given); its slug, and so its public address, stays`,
          params: TeamCatalogueItemParamsSchema,
          body: TeamRenameRequestSchema,
          response: { 200: TeamCatalogueItemSchema, ...routeErrors },
        },
      },
      async (request) => renameCatalogueItem(deps, actorOf(request), kind, request.params.id, request.body),
    );

    app.post(
      `${path}/retire`,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Retires a ${kind}: it and what it holds leave the public catalogue, the directory and new applications; records naming it keep it`,
          params: TeamCatalogueItemParamsSchema,
          response: { 200: TeamCatalogueItemSchema, ...routeErrors },
        },
      },
      async (request) => retireCatalogueItem(deps, actorOf(request), kind, request.params.id),
    );

    app.post(
      `${path}/restore`,
      {
        preValidation: guards,
        schema: {
          tags,
          summary: `Restores a retired ${kind} (409 while what holds it is retired)`,
          params: TeamCatalogueItemParamsSchema,
          response: { 200: TeamCatalogueItemSchema, ...routeErrors },
        },
      },
      async (request) => restoreCatalogueItem(deps, actorOf(request), kind, request.params.id),
    );

    if (kind !== 'service') {
      app.post(
        `${path}/move`,
        {
          preValidation: guards,
          schema: {
            tags,
            summary: `Moves a live ${kind} one place up or down among its live siblings`,
            params: TeamCatalogueItemParamsSchema,
            body: TeamMoveRequestSchema,
            response: { 200: TeamSiblingOrderSchema, ...routeErrors },
          },
        },
        async (request) => moveCatalogueItem(deps, actorOf(request), kind, request.params.id, request.body.direction),
      );
    }
  }
}
