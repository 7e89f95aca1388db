/**
 * The pieces every API route shares, one definition for the server and the apps: the one error
 * shape, the standard error responses, ids and page numbers as the API reads them, and paged lists.
 */
import type { Static, TArray, TInteger, TObject, TProperties, TSchema } from 'typebox';
import { Type } from './schema-builders';

/** The one error shape: `{ "error": "<short code>", "message": "<human text>", "details"?: … }`. */
export const ErrorResponseSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Unknown()),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** A 204 answer: no body; the browser's API client reads it as null. */
export const NoContentResponseSchema = Type.Null();

/** The error responses of a route, by status: `response: { 200: X, ...errorResponses(400, 401, 403) }`. */
export function errorResponses<const Status extends number>(...statuses: Status[]): Record<Status, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<Status, typeof ErrorResponseSchema>;
}

/** The largest id: ids are PostgreSQL `integer`s. */
export const MAX_ID = 2_147_483_647;

/** The largest page number a paged list reads (PageNumberSchema); the apps ignore a larger `?page=`. */
export const MAX_PAGE_NUMBER = 99_999;

/**
 * The schema keyword of whole numbers (ids, page numbers). The API takes what a form posts as well
 * as JSON numbers: `7` and `"7"` are 7; for a filter, `""` and `null` mean "any" and arrive as
 * null. The server's ajv checks the value and hands the handler a number (server/http/whole-number-keyword.ts);
 * `anyOf` beside it describes the accepted values for OpenAPI.
 */
export const WHOLE_NUMBER_KEYWORD = 'x-whole-number';

export interface WholeNumberRule {
  /** The largest value accepted (the smallest is 1). */
  maximum: number;
  /** `""` and `null` mean "any" (a filter) and arrive as null. */
  isEmptyAny: boolean;
}

function wholeNumber<T extends number | null>(rule: WholeNumberRule, description: string) {
  const digits = rule.isEmptyAny ? '^([1-9][0-9]*)?$' : '^[1-9][0-9]*$';
  return Type.Unsafe<T>({
    [WHOLE_NUMBER_KEYWORD]: rule,
    anyOf: [
      { type: 'integer', minimum: 1, maximum: rule.maximum },
      { type: 'string', pattern: digits, maxLength: String(rule.maximum).length },
      ...(rule.isEmptyAny ? [{ type: 'null' }] : []),
    ],
    description,
  });
}

/** An id in a path, a query or a body: a whole number from 1 to MAX_ID, as a number or in digits. */
export const IdSchema = wholeNumber<number>({ maximum: MAX_ID, isEmptyAny: false }, `A whole number from 1 to ${MAX_ID}, as a number or in digits`);

/** An id that filters a list: as IdSchema, or `""` or `null` for any (arrives as null). */
export const IdFilterSchema = wholeNumber<number | null>(
  { maximum: MAX_ID, isEmptyAny: true },
  `A whole number from 1 to ${MAX_ID}, as a number or in digits; empty or null for any`,
);

/** A positive whole number up to `maximum` (a page number or size), as a number or in digits. */
export function WholeNumberSchema(maximum: number, description = `A whole number from 1 to ${maximum}`) {
  return wholeNumber<number>({ maximum, isEmptyAny: false }, description);
}

/** The page number of a paged list (its `page` query): from 1. */
export const PageNumberSchema = WholeNumberSchema(MAX_PAGE_NUMBER, 'Page number, from 1');

type PagedProperties<Key extends string, Item extends TSchema> = { [K in Key]: TArray<Item> } & {
  /** Matching items in all pages. */
  total: TInteger;
  page: TInteger;
  pageSize: TInteger;
};

/**
 * A paged list answer: `{ [key]: Item[], ...extra, total, page, pageSize }`, where `total` counts
 * the matching items of all pages.
 */
export function Paged<Key extends string, Item extends TSchema>(key: Key, item: Item): TObject<PagedProperties<Key, Item>>;
export function Paged<Key extends string, Item extends TSchema, Extra extends TProperties>(
  key: Key,
  item: Item,
  extra: Extra,
): TObject<PagedProperties<Key, Item> & Extra>;
export function Paged(key: string, item: TSchema, extra: TProperties = {}): TObject {
  return Type.Object({ [key]: Type.Array(item), ...extra, total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
}

/**
 * How far past the page asked for a list of millions counts its matches (server/db/capped-count.ts):
 * its `total` is exact when the list ends within this many more, and `totalIsCapped` says when it does not.
 */
export const LIST_COUNT_LIMIT = 10_000;

/** The extra property of a paged answer whose total is counted up to LIST_COUNT_LIMIT past its page. */
export const CappedTotal = {
  /** There are more matches than `total`: the count stopped LIST_COUNT_LIMIT past this page. */
  totalIsCapped: Type.Boolean(),
};

/** An entry's id as the place a page starts from (the `nextCursor` or `previousCursor` of the page before). */
const EntryCursorSchema = (description: string) => WholeNumberSchema(Number.MAX_SAFE_INTEGER, description);

/**
 * The query properties of a list paged from an entry (keyset, server/db/keyset-page.ts): the page
 * after one entry or before one, however deep, where `page` alone skips every entry before it.
 */
export const PageCursorQuery = {
  after: Type.Optional(EntryCursorSchema('The page after this entry: the `nextCursor` of the page before (then `page` only numbers the page)')),
  before: Type.Optional(EntryCursorSchema('The page before this entry: the `previousCursor` of the page after')),
};

/** The extra properties of a page of a list paged from an entry: where its neighbours start. */
export const PageCursors = {
  /** `after` for the next page; null on the last. */
  nextCursor: Type.Union([Type.Integer(), Type.Null()]),
  /** `before` for the previous page; null on the first. */
  previousCursor: Type.Union([Type.Integer(), Type.Null()]),
};
