/**
 * The directory's SQL, in one place so the benchmark runs exactly what the API runs. A search is
 * ONE statement (one plan, one round trip): the ranked page of suppliers with each one's services
 * within the filters, the total, and the service suggestions. Every value is a bound parameter;
 * the keyword reaches PostgreSQL only through directory_fold(), websearch_to_tsquery() and the
 * pg_trgm operators, which accept any text, so no input can break or slow down the query.
 * Design, indexes and plans: README.md beside this file.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isLiveService } from '../../db/live-catalogue';

/** Filters of a directory query: ids, or null for "any". */
export interface DirectoryFilters {
  channel: number | null;
  catalogue: number | null;
  service: number | null;
}

/** The sort key of a ranked supplier, enough to resume the order after it. */
export interface RankedSupplierCursor {
  rank: number;
  sortKey: string;
  supplierId: number;
}

/** Where a page starts: an offset (search pages, which also count the total) or after a row (export batches). */
export type PagePosition = { offset: number } | { after: RankedSupplierCursor | null };

/** A published listing of a page's supplier, within the filters. */
export interface ListingJson {
  id: number;
  title: string;
  catalogueId: number;
  catalogueTitle: string;
  cataloguePosition: number;
  channelTitle: string;
  channelPosition: number;
}

export interface RankedSupplierJson {
  id: number;
  title: string;
  sortKey: string;
  rank: number;
  services: ListingJson[];
}

export interface SuggestionJson {
  id: number;
  title: string;
  description: string;
  catalogue: { id: number; title: string; channel: { id: number; title: string } };
}

/** The one row a directory query answers. */
export interface DirectoryPageRow {
  /** All matching suppliers (null for export batches, which do not count). */
  total: number | null;
  results: RankedSupplierJson[];
  suggestions: SuggestionJson[];
}

/** pg_trgm's default word_similarity_threshold, which the %> operator of the name branch applies. */
const WORD_SIMILARITY_THRESHOLD = 0.6;
/** Score of a supplier listing a service whose title is close to a misspelt keyword. */
const FUZZY_SERVICE_RANK = 0.15;
/** A misspelt trading name scores half its similarity: below an exact name match (about 0.6). */
const FUZZY_NAME_FACTOR = 0.5;

const folded = (keyword: string): SQL => sql`directory_fold(${keyword})`;
const tsQuery = (keyword: string): SQL => sql`websearch_to_tsquery('english', ${folded(keyword)})`;

/** Narrows supplier_search rows (alias `ss`) to suppliers with a published listing within the filters. */
function supplierFilters(filters: DirectoryFilters): SQL {
  const conditions: SQL[] = [];
  if (filters.channel !== null) {
    conditions.push(sql`ss.channel_ids @> ARRAY[${filters.channel}]::integer[]`);
  }
  if (filters.catalogue !== null) {
    conditions.push(sql`ss.catalogue_ids @> ARRAY[${filters.catalogue}]::integer[]`);
  }
  if (filters.service !== null) {
    conditions.push(sql`ss.service_ids @> ARRAY[${filters.service}]::integer[]`);
  }
  return andAll(conditions);
}

/** Narrows listings (aliases `sv` service, `c` catalogue) to the filters. */
function listingFilters(filters: DirectoryFilters): SQL {
  const conditions: SQL[] = [];
  if (filters.channel !== null) {
    conditions.push(sql`c.channel_id = ${filters.channel}`);
  }
  if (filters.catalogue !== null) {
    conditions.push(sql`c.id = ${filters.catalogue}`);
  }
  if (filters.service !== null) {
    conditions.push(sql`sv.id = ${filters.service}`);
  }
  return andAll(conditions);
}

function andAll(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` AND `);
}

/**
 * Live services whose folded title or description matches the keyword in full text (expression
 * index services_search_document_idx): the first source of suggestions.
 */
function textServices(keyword: string): SQL {
  return sql`
    SELECT id FROM services
    WHERE (setweight(to_tsvector('english', directory_fold(title)), 'A') || setweight(to_tsvector('english', directory_fold(description)), 'B')) @@ ${tsQuery(keyword)}
      AND ${isLiveService(sql`id`)}`;
}

/**
 * Services whose title is within trigram word similarity of the keyword, looked for only when no
 * service matches it in full text, i.e. when the keyword is misspelt or only half typed
 * ('penetation', 'recrutment', 'mana'); they are the other source of suggestions and add their
 * suppliers to the results. The services table is small and read whole here, so the test is a
 * function call rather than the %> operator: that spares the planner pg_trgm's selectivity
 * estimate, which runs the operator over the column's statistics sample and costs more than the scan.
 */
function typoServices(keyword: string): SQL {
  return sql`
    SELECT id FROM services
    WHERE NOT EXISTS (SELECT 1 FROM text_services)
      AND word_similarity(${folded(keyword)}, title) >= ${WORD_SIMILARITY_THRESHOLD}
      AND ${isLiveService(sql`id`)}`;
}

/**
 * The one lexeme of a keyword whose full-text query is a single word ('management' → 'manag'),
 * else no row: websearch_to_tsquery answers one operand for one word that is not a stop word.
 * Its ts_rank for every supplier is precomputed in supplier_search_terms.
 */
function singleLexeme(keyword: string): SQL {
  return sql`
    SELECT (tsvector_to_array(q::text::tsvector))[1] AS lexeme
    FROM (SELECT ${tsQuery(keyword)} AS q) query
    WHERE numnode(q) = 1`;
}

/**
 * Suppliers matching the keyword with their relevance: a union of three index-driven branches, so
 * each computes its expensive function only for its own candidates; a supplier keeps its best score.
 *  1. full text on the supplier's document: ts_rank weighs the trading name (A, about 0.6 for one
 *     hit) above service titles (B, 0.24–0.4) above the summary and catalogue titles (C, 0.12–0.2);
 *  2. a trading name within trigram word similarity of the keyword (typos: 'harbor' → 'Harbourside');
 *  3. a listing of a typo service (see typoServices: 'penetation' → 'Penetration testing').
 *
 * With `textTop` (search pages), a one-lexeme keyword takes only the best `textTop` suppliers of
 * branch 1, in order from supplier_search_terms_order_idx with their precomputed ts_rank (the same
 * value ts_rank gives): the page's first `textTop` rows of the union are within those and all of
 * branches 2 and 3, so a broad word no longer ranks every match. Other keywords (several words,
 * phrases, negations) rank every match of branch 1, as the export always does.
 */
function keywordHits(keyword: string, filters: DirectoryFilters, textTop: number | null): SQL {
  const where = supplierFilters(filters);
  const allText = sql`
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, ts_rank(ss.document, ${tsQuery(keyword)})::float8 AS rank
      FROM supplier_search ss
      WHERE ss.document @@ ${tsQuery(keyword)} AND ${where}`;
  const text =
    textTop === null
      ? allText
      : sql`(
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, t.rank::float8 AS rank
      FROM supplier_search_terms t JOIN supplier_search ss ON ss.supplier_id = t.supplier_id
      WHERE t.lexeme = (SELECT lexeme FROM single_lexeme) AND ${where}
      ORDER BY t.lexeme, t.rank DESC NULLS LAST, t.sort_key COLLATE "C", t.supplier_id
      LIMIT ${textTop})
      UNION ALL
      ${allText} AND NOT EXISTS (SELECT 1 FROM single_lexeme)`;
  // Each branch carries the trading name the page shows (no join back), which also keeps the
  // planner from answering the name branch with a full scan of the sort index, computing
  // word_similarity for every supplier, instead of using the trigram index.
  return sql`
    SELECT supplier_id, sort_key, trading_name, max(rank) AS rank FROM (
      ${text}
      UNION ALL
      SELECT supplier_id, sort_key, trading_name, rank FROM fuzzy_hits
    ) branches
    GROUP BY supplier_id, sort_key, trading_name`;
}

/** Branches 2 and 3 of keywordHits (CTE fuzzy_hits): trigram trading names and suppliers of typo services. */
function fuzzyHits(keyword: string, filters: DirectoryFilters): SQL {
  const where = supplierFilters(filters);
  return sql`
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, ${FUZZY_NAME_FACTOR}::float8 * word_similarity(${folded(keyword)}, ss.sort_key) AS rank
      FROM supplier_search ss
      WHERE ss.sort_key %> ${folded(keyword)} AND ${where}
      UNION ALL
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, ${FUZZY_SERVICE_RANK}::float8
      FROM supplier_search ss
      WHERE ss.service_ids && (SELECT coalesce(array_agg(id), '{}') FROM typo_services) AND ${where}`;
}

/**
 * The total of a search page whose hits hold only the best of branch 1 (keywordHits with
 * `textTop`): for a one-lexeme keyword, the suppliers matching it in full text (without filters,
 * an index-only count of its supplier_search_terms rows; with filters, through the document and
 * filter indexes) plus those only the fuzzy branches find; otherwise hits holds every match.
 */
function keywordTotal(keyword: string, filters: DirectoryFilters): SQL {
  const where = supplierFilters(filters);
  const unfiltered = filters.channel === null && filters.catalogue === null && filters.service === null;
  const textCount = unfiltered
    ? sql`(SELECT count(*) FROM supplier_search_terms t WHERE t.lexeme = (SELECT lexeme FROM single_lexeme))`
    : sql`(SELECT count(*) FROM supplier_search ss WHERE ss.document @@ ${tsQuery(keyword)} AND ${where})`;
  return sql`(CASE WHEN EXISTS (SELECT 1 FROM single_lexeme) THEN
      ${textCount}
      + (SELECT count(DISTINCT f.supplier_id) FROM fuzzy_hits f
         WHERE NOT EXISTS (SELECT 1 FROM supplier_search x WHERE x.supplier_id = f.supplier_id AND x.document @@ ${tsQuery(keyword)}))
    ELSE (SELECT count(*) FROM hits) END)::integer`;
}

/** Rows strictly after the cursor in the directory order (rank descending, then sort key, then id). */
function afterCursor(cursor: RankedSupplierCursor | null): SQL {
  if (cursor === null) {
    return sql``;
  }
  // The rank travels back as the same float8 PostgreSQL computed, so equality is exact.
  return sql`WHERE h.rank < ${cursor.rank}::float8
    OR (h.rank = ${cursor.rank}::float8 AND (h.sort_key COLLATE "C", h.supplier_id) > (${cursor.sortKey}::text COLLATE "C", ${cursor.supplierId}::integer))`;
}

/**
 * Listed services matching the keyword, the closest titles first. A service is suggested only if
 * an approved supplier publishes it, so picking it never leads to an empty directory.
 */
function suggestions(keyword: string, limit: number): SQL {
  return sql`
    SELECT coalesce(json_agg(json_build_object(
             'id', s.id, 'title', s.title, 'description', s.description,
             'catalogue', json_build_object('id', s.catalogue_id, 'title', s.catalogue_title,
                                            'channel', json_build_object('id', s.channel_id, 'title', s.channel_title)))
             ORDER BY s.similarity DESC, s.title COLLATE "C", s.id), '[]'::json)
    FROM (
      SELECT sv.id, sv.title, sv.description, c.id AS catalogue_id, c.title AS catalogue_title,
             ch.id AS channel_id, ch.title AS channel_title, word_similarity(${folded(keyword)}, sv.title) AS similarity
      FROM services sv
      JOIN catalogues c ON c.id = sv.catalogue_id
      JOIN channels ch ON ch.id = c.channel_id
      WHERE sv.id IN (SELECT id FROM text_services UNION SELECT id FROM typo_services)
        AND EXISTS (
          SELECT 1 FROM supplier_services ls JOIN suppliers s ON s.id = ls.supplier_id
          WHERE ls.service_id = sv.id AND ls.published_at IS NOT NULL AND s.status = 'approved')
      ORDER BY similarity DESC, sv.title COLLATE "C", sv.id
      LIMIT ${limit}
    ) s`;
}

export interface DirectoryQueryOptions {
  /** Suppliers in the page. */
  limit: number;
  position: PagePosition;
  /** Service suggestions at most (0: none, as for export batches). */
  suggestions: number;
}

/**
 * One page of the directory: ranked by relevance, then alphabetically (COLLATE "C" on the folded
 * name, then id), for a keyword; alphabetically without one, walking supplier_search_sort_idx.
 * `keyword` must already be normalised (normaliseKeyword in service.ts); null means no keyword.
 */
export function directoryPageQuery(keyword: string | null, filters: DirectoryFilters, options: DirectoryQueryOptions): SQL {
  const order = sql`h.rank DESC, h.sort_key COLLATE "C", h.supplier_id`;
  const slice =
    'offset' in options.position
      ? sql`ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.position.offset}`
      : sql`${afterCursor(options.position.after)} ORDER BY ${order} LIMIT ${options.limit}`;
  const ctes: SQL[] = [];
  const paged = 'offset' in options.position;
  if (keyword !== null) {
    ctes.push(sql`text_services AS MATERIALIZED (${textServices(keyword)})`);
    ctes.push(sql`typo_services AS MATERIALIZED (${typoServices(keyword)})`);
    ctes.push(sql`single_lexeme AS MATERIALIZED (${singleLexeme(keyword)})`);
    // Read by the hits and by the total.
    ctes.push(sql`fuzzy_hits AS MATERIALIZED (${fuzzyHits(keyword, filters)})`);
    // Computed once; the page (and, unless one lexeme, the count) read it.
    const textTop = 'offset' in options.position ? options.position.offset + options.limit : null;
    ctes.push(sql`hits AS MATERIALIZED (${keywordHits(keyword, filters, textTop)})`);
  } else {
    // Inlined twice: the count scans what it needs, the page walks the sort index.
    ctes.push(sql`hits AS NOT MATERIALIZED (
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, 0::float8 AS rank FROM supplier_search ss WHERE ${supplierFilters(filters)})`);
  }
  ctes.push(sql`page AS (SELECT h.supplier_id, h.sort_key, h.trading_name, h.rank FROM hits h ${slice})`);
  // The page's listings in one join (services, catalogues and channels hashed once for the page).
  ctes.push(sql`listings AS (
    SELECT ls.supplier_id, json_agg(json_build_object(
             'id', sv.id, 'title', sv.title, 'catalogueId', c.id, 'catalogueTitle', c.title,
             'cataloguePosition', c.position, 'channelTitle', ch.title, 'channelPosition', ch.position)
             ORDER BY sv.title COLLATE "C", sv.id) AS services
    FROM supplier_services ls
    JOIN page p ON p.supplier_id = ls.supplier_id
    JOIN services sv ON sv.id = ls.service_id
    JOIN catalogues c ON c.id = sv.catalogue_id
    JOIN channels ch ON ch.id = c.channel_id
    -- An array of ids, so the listings are read through their primary key even for a 500-row export batch.
    WHERE ls.supplier_id = ANY (ARRAY(SELECT supplier_id FROM page)) AND ls.published_at IS NOT NULL AND ${isLiveService(sql`sv.id`)}
      AND ${listingFilters(filters)}
    GROUP BY ls.supplier_id)`);
  const total = !paged ? sql`NULL::integer` : keyword !== null ? keywordTotal(keyword, filters) : sql`(SELECT count(*) FROM hits)::integer`;
  const suggested = keyword !== null && options.suggestions > 0 ? suggestions(keyword, options.suggestions) : sql`SELECT '[]'::json`;
  return sql`
    WITH ${sql.join(ctes, sql`, `)}
    SELECT ${total} AS total,
      (SELECT coalesce(json_agg(json_build_object(
                'id', p.supplier_id, 'title', p.trading_name, 'sortKey', p.sort_key, 'rank', p.rank,
                'services', coalesce(l.services, '[]'::json))
              ORDER BY p.rank DESC, p.sort_key COLLATE "C", p.supplier_id), '[]'::json)
       FROM page p LEFT JOIN listings l ON l.supplier_id = p.supplier_id) AS results,
      (${suggested}) AS suggestions`;
}
