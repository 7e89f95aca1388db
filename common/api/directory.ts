/**
 * The approved-suppliers directory (spec §2, §3, §4, §9): the settings the page embeds, the search
 * payload and answer, one definition for the server and the suppliers app.
 */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { DIRECTORY_KEYWORD_MAX_LENGTH, DIRECTORY_MAX_PAGE_SIZE } from '../directory';
import { IdFilterSchema, Paged, WholeNumberSchema } from './http';

/**
 * Search payload (spec §3), as JSON or as a form posts it: every filter optional; a missing filter,
 * `null` or `""` means "any"; ids and page numbers may be numbers or digits (`"3"`).
 */
export const DirectorySearchRequestSchema = Type.Object(
  {
    channel: Type.Optional(IdFilterSchema),
    catalogue: Type.Optional(IdFilterSchema),
    service: Type.Optional(IdFilterSchema),
    keyword: Type.Optional(Type.String({ maxLength: DIRECTORY_KEYWORD_MAX_LENGTH })),
    page: Type.Optional(WholeNumberSchema(10_000)),
    pageSize: Type.Optional(WholeNumberSchema(DIRECTORY_MAX_PAGE_SIZE)),
  },
  { additionalProperties: false },
);
export type DirectorySearchRequest = Static<typeof DirectorySearchRequestSchema>;

export const IdTitleSchema = Type.Object({ id: Type.Integer(), title: Type.String() });
export type IdTitle = Static<typeof IdTitleSchema>;

/**
 * A service of a search result's catalogue: `listingSlug` is the service's slug when buyers can
 * read the supplier's listing of it (issue 30), else null; the listing's page is
 * `listingPath(result.id, listingSlug)` (common/site-paths.ts: /approved-suppliers/{id}/services/{slug}).
 */
export const ResultServiceSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  listingSlug: Type.Union([Type.String(), Type.Null()]),
});
export type ResultService = Static<typeof ResultServiceSchema>;

/** A catalogue of a search result with the result's services in it; `channel` is the catalogue's channel title. */
export const ResultCatalogueSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  channel: Type.String(),
  services: Type.Array(ResultServiceSchema),
});
export type ResultCatalogue = Static<typeof ResultCatalogueSchema>;

/**
 * Supplier search result (spec §3). `channel` and `catalogue` are titles: the result's main
 * catalogue (the one holding most of its services) and its channel. `services` are the published
 * services within the filters, by title; `catalogues` are the same services grouped by catalogue,
 * in site order (channel, then catalogue position), so a supplier in four catalogues shows all four,
 * each service with the slug of its listing page when buyers can read one.
 */
export const SupplierSearchResultSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  channel: Type.String(),
  catalogue: Type.String(),
  services: Type.Array(IdTitleSchema),
  catalogues: Type.Array(ResultCatalogueSchema),
});
export type SupplierSearchResult = Static<typeof SupplierSearchResultSchema>;

/** Service suggestion (spec §3). */
export const ServiceSuggestionSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  catalogue: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    channel: IdTitleSchema,
  }),
});
export type ServiceSuggestion = Static<typeof ServiceSuggestionSchema>;

/** A page of matching suppliers (`total` counts all pages) and the service suggestions. */
export const DirectorySearchResponseSchema = Paged('results', SupplierSearchResultSchema, { services: Type.Array(ServiceSuggestionSchema) });
export type DirectorySearchResponse = Static<typeof DirectorySearchResponseSchema>;

/**
 * Query of the CSV export (GET, spec §9): the search's filters as query parameters, read as the
 * search reads them (an empty value means "any"). Unknown ids answer 400 (the file is named after
 * the filters' titles).
 */
export const DirectoryExportQuerySchema = Type.Object({
  channel: Type.Optional(IdFilterSchema),
  catalogue: Type.Optional(IdFilterSchema),
  service: Type.Optional(IdFilterSchema),
  keyword: Type.Optional(Type.String({ maxLength: DIRECTORY_KEYWORD_MAX_LENGTH })),
});
export type DirectoryExportQuery = Static<typeof DirectoryExportQuerySchema>;

/** The home page's live figures: listed suppliers, services they list, catalogues. */
export const DirectoryFiguresSchema = Type.Object({
  approvedSuppliers: Type.Integer(),
  services: Type.Integer(),
  catalogues: Type.Integer(),
});
export type DirectoryFigures = Static<typeof DirectoryFiguresSchema>;

/** The channel → catalogue → service tree the page embeds (spec §3 "Configuration tree"). */
export const DirectoryTreeSchema = Type.Array(
  Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    catalogues: Type.Array(
      Type.Object({
        id: Type.Integer(),
        title: Type.String(),
        services: Type.Array(IdTitleSchema),
      }),
    ),
  }),
);
export type DirectoryTree = Static<typeof DirectoryTreeSchema>;

/** Settings of the suppliers app, embedded as JSON in `<script type="application/json" id="app__suppliers-settings">`. */
export interface DirectorySettings {
  channels: DirectoryTree;
  /** The search endpoint (POST). */
  formAction: string;
  /** The CSV export endpoint (GET, same filters as query parameters). */
  exportAction: string;
}

