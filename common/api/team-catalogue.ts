/**
 * Payloads of the team's catalogue management routes, /api/v1/admin/catalogue (issue 13, item 5):
 * the whole tree with retired items, creating, renaming, reordering, retiring and restoring
 * channels, catalogues and services. One definition for the server and the team's app.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { NAME_PATTERN } from '../forms/builders';
import { IdSchema } from './http';

export const CATALOGUE_ITEM_KINDS = ['channel', 'catalogue', 'service'] as const;
export type CatalogueItemKind = (typeof CATALOGUE_ITEM_KINDS)[number];
const CatalogueItemKindSchema = Type.Unsafe<CatalogueItemKind>(Type.String({ enum: [...CATALOGUE_ITEM_KINDS] }));

export const CATALOGUE_TITLE_MAX_LENGTH = 120;
export const CATALOGUE_DESCRIPTION_MAX_LENGTH = 2000;

/** A title: 1–120 characters, not all spaces, no control or hidden formatting characters (NAME_PATTERN); stored trimmed. */
const TitleSchema = Type.String({
  minLength: 1,
  maxLength: CATALOGUE_TITLE_MAX_LENGTH,
  pattern: `(?=[\\s\\S]*\\S)${NAME_PATTERN}`,
  description: `1 to ${CATALOGUE_TITLE_MAX_LENGTH} characters, not only spaces, without control or hidden formatting characters; stored trimmed`,
});

/** A description: paragraphs (tabs and line breaks allowed), otherwise the same characters as a title; stored trimmed. */
const DescriptionSchema = Type.String({
  maxLength: CATALOGUE_DESCRIPTION_MAX_LENGTH,
  pattern: '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]*$',
  description: `At most ${CATALOGUE_DESCRIPTION_MAX_LENGTH} characters; line breaks allowed, other control or hidden formatting characters not; stored trimmed`,
});

const RetiredAtSchema = Type.Union([Type.String(), Type.Null()], { description: 'When the team retired it (ISO 8601); null while live' });

export const TeamCatalogueServiceSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String({ description: 'Its public page is /services/{slug}; kept when renamed' }),
  title: Type.String(),
  description: Type.String(),
  retiredAt: RetiredAtSchema,
  supplierCount: Type.Integer({ description: 'Suppliers with a listing of it, published or not' }),
  applicationCount: Type.Integer({ description: 'Applications naming it, of any status' }),
});
export type TeamCatalogueService = Static<typeof TeamCatalogueServiceSchema>;

export const TeamCatalogueCatalogueSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String({ description: 'Its public page is /catalogues/{slug}; kept when renamed' }),
  title: Type.String(),
  description: Type.String(),
  position: Type.Integer({ description: 'Order among the catalogues of its channel' }),
  retiredAt: RetiredAtSchema,
  services: Type.Array(TeamCatalogueServiceSchema, { description: 'By title, as the public sees them' }),
});
export type TeamCatalogueCatalogue = Static<typeof TeamCatalogueCatalogueSchema>;

export const TeamCatalogueChannelSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String({ description: 'Its public page is /sales-channels/{slug}; kept when renamed' }),
  title: Type.String(),
  description: Type.String(),
  position: Type.Integer({ description: 'Order among the channels' }),
  retiredAt: RetiredAtSchema,
  catalogues: Type.Array(TeamCatalogueCatalogueSchema),
});
export type TeamCatalogueChannel = Static<typeof TeamCatalogueChannelSchema>;

/** GET /admin/catalogue: every channel, catalogue and service, retired ones included, in site order. */
export const TeamCatalogueTreeSchema = Type.Object({ channels: Type.Array(TeamCatalogueChannelSchema) });
export type TeamCatalogueTree = Static<typeof TeamCatalogueTreeSchema>;

/** One channel, catalogue or service as a change leaves it. */
export const TeamCatalogueItemSchema = Type.Object({
  kind: CatalogueItemKindSchema,
  id: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()], { description: "The catalogue's channel or the service's catalogue; null for a channel" }),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  position: Type.Union([Type.Integer(), Type.Null()], { description: 'Null for a service (services are listed by title)' }),
  retiredAt: RetiredAtSchema,
});
export type TeamCatalogueItem = Static<typeof TeamCatalogueItemSchema>;

export const TeamCatalogueItemParamsSchema = Type.Object({ id: IdSchema });
export type TeamCatalogueItemParams = Static<typeof TeamCatalogueItemParamsSchema>;

/** POST /admin/catalogue/channels. */
export const TeamCreateChannelRequestSchema = Type.Object(
  { title: TitleSchema, description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false },
);
export type TeamCreateChannelRequest = Static<typeof TeamCreateChannelRequestSchema>;

/** POST /admin/catalogue/catalogues: a catalogue in a live channel. */
export const TeamCreateCatalogueRequestSchema = Type.Object(
  { channelId: IdSchema, title: TitleSchema, description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false },
);
export type TeamCreateCatalogueRequest = Static<typeof TeamCreateCatalogueRequestSchema>;

/** POST /admin/catalogue/services: a service in a live catalogue. */
export const TeamCreateServiceRequestSchema = Type.Object(
  { catalogueId: IdSchema, title: TitleSchema, description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false },
);
export type TeamCreateServiceRequest = Static<typeof TeamCreateServiceRequestSchema>;

/** PUT /admin/catalogue/{kind}/{id}: a new title, and a new description when given. The slug stays. */
export const TeamRenameRequestSchema = Type.Object(
  { title: TitleSchema, description: Type.Optional(DescriptionSchema) },
  { additionalProperties: false },
);
export type TeamRenameRequest = Static<typeof TeamRenameRequestSchema>;

export const MOVE_DIRECTIONS = ['up', 'down'] as const;

/** POST /admin/catalogue/{channels|catalogues}/{id}/move: one place up or down among its live siblings. */
export const TeamMoveRequestSchema = Type.Object(
  { direction: Type.Unsafe<(typeof MOVE_DIRECTIONS)[number]>(Type.String({ enum: [...MOVE_DIRECTIONS] })) },
  { additionalProperties: false },
);
export type TeamMoveRequest = Static<typeof TeamMoveRequestSchema>;

const OrderIdsSchema = Type.Array(IdSchema, { maxItems: 1000, description: 'Every sibling id (retired ones too), each once, in the new order' });

/** PUT /admin/catalogue/channels/order: every channel, in the new order. */
export const TeamChannelOrderRequestSchema = Type.Object({ ids: OrderIdsSchema }, { additionalProperties: false });
export type TeamChannelOrderRequest = Static<typeof TeamChannelOrderRequestSchema>;

/** PUT /admin/catalogue/catalogues/order: every catalogue of one channel, in the new order. */
export const TeamCatalogueOrderRequestSchema = Type.Object({ channelId: IdSchema, ids: OrderIdsSchema }, { additionalProperties: false });
export type TeamCatalogueOrderRequest = Static<typeof TeamCatalogueOrderRequestSchema>;

/** The order of a set of siblings after a move or a new order. */
export const TeamSiblingOrderSchema = Type.Object({
  kind: CatalogueItemKindSchema,
  parentId: Type.Union([Type.Integer(), Type.Null()], { description: 'The channel of catalogues; null for channels' }),
  ids: Type.Array(Type.Integer(), { description: 'Every sibling, retired ones too, in order' }),
});
export type TeamSiblingOrder = Static<typeof TeamSiblingOrderSchema>;
