/**
 * The approved-suppliers directory (spec §2, §3, §4, §9): the settings the page embeds, the search
 * payload and answer, one definition for the server and the suppliers app.
 */
import { Type, type Static } from 'typebox';

/** Longest keyword the search accepts; longer ones answer 400 rather than run a slow query. */
export const DIRECTORY_KEYWORD_MAX_LENGTH = 200;
/** Results per page of the directory, and the most a client may ask for. */
export const DIRECTORY_PAGE_SIZE = 20;
export const DIRECTORY_MAX_PAGE_SIZE = 100;
/** Service suggestions shown under the search box at most. */
export const DIRECTORY_MAX_SUGGESTIONS = 8;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const OptionalId = Type.Optional(Type.Union([Id, Type.Null()]));

/** Search payload (spec §3): every filter optional; `null` means "any". */
export const DirectorySearchRequestSchema = Type.Object(
  {
    channel: OptionalId,
    catalogue: OptionalId,
    service: OptionalId,
    keyword: Type.Optional(Type.String({ maxLength: DIRECTORY_KEYWORD_MAX_LENGTH })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: DIRECTORY_MAX_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type DirectorySearchRequest = Static<typeof DirectorySearchRequestSchema>;

export const IdTitleSchema = Type.Object({ id: Type.Integer(), title: Type.String() });
export type IdTitle = Static<typeof IdTitleSchema>;

/** Supplier search result (spec §3). `channel` and `catalogue` are titles. */
export const SupplierSearchResultSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  channel: Type.String(),
  catalogue: Type.String(),
  services: Type.Array(IdTitleSchema),
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

export const DirectorySearchResponseSchema = Type.Object({
  results: Type.Array(SupplierSearchResultSchema),
  services: Type.Array(ServiceSuggestionSchema),
  /** Matching suppliers in all pages. */
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type DirectorySearchResponse = Static<typeof DirectorySearchResponseSchema>;

/**
 * Query of the CSV export (GET, spec §9): the search's filters as query parameters. An id is a
 * positive whole number; an empty value means "any". Unknown ids answer 400 (the file is named
 * after the filters' titles).
 */
const ExportIdParameter = Type.String({ pattern: '^([1-9][0-9]{0,9})?$', description: 'A positive whole number, or empty for any' });
export const DirectoryExportQuerySchema = Type.Object({
  channel: Type.Optional(ExportIdParameter),
  catalogue: Type.Optional(ExportIdParameter),
  service: Type.Optional(ExportIdParameter),
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

export const DIRECTORY_SETTINGS_ELEMENT_ID = 'app__suppliers-settings';
