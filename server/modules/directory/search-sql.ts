/**
 * The directory's SQL, in one place so the benchmark runs exactly what the API runs. A search is
 * ONE statement (one plan, one round trip): the ranked page of suppliers with each one's services
 * within the filters (and the listing page of each, when buyers can read one), the total, and the
 * service suggestions. A keyword searches the suppliers' documents and, below them, the text of
 * their live listings (issue 30). Every value is a bound parameter;
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

/**
 * Which suppliers a page holds: from an offset (search pages, which also count the total), after a
 * row (export batches without a keyword), or the given suppliers in the given order (export batches
 * of a keyword's matches, ranked once by rankedSuppliersQuery).
 */
export type PagePosition = { offset: number } | { after: RankedSupplierCursor | null } | { suppliers: readonly number[] };

/** A published listing of a page's supplier, within the filters. */
export interface ListingJson {
  id: number;
  title: string;
  /** The service's slug when buyers can read the supplier's listing of it (its listing page), else null. */
  listingSlug: string | null;
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

/** Supplier ids as one bound parameter: an array literal of whole numbers. */
const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((id) => String(Math.trunc(id))).join(',')}}`}::integer[]`;
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
 * The lexemes of a keyword whose full-text query is a plain conjunction of words, what people type
 * ('cloud migration' → cloud, migrat; 'management' → manag), else none: quotes, `or` and `-` make
 * phrase, disjunction and negation queries, which need the words' positions. Only these keywords
 * search listing text, which supplier_search_terms holds without positions.
 */
function keywordLexemes(keyword: string): SQL {
  return sql`
    SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', ${folded(keyword)}))) AS lexeme
    WHERE ${tsQuery(keyword)} = plainto_tsquery('english', ${folded(keyword)})`;
}

/**
 * Branch 1 of the hits (CTE text_hits): suppliers whose own document (trading name, service titles,
 * summary, catalogue titles) matches the keyword in full text, with their relevance: ts_rank weighs
 * the trading name (A, about 0.6 for one hit) above service titles (B, 0.24–0.4) above the summary
 * and catalogue titles (C, 0.12–0.2); GIN supplier_search_document_idx.
 *
 * With `textTop` (search pages), a one-lexeme keyword takes only the best `textTop` suppliers, in
 * order from supplier_search_terms_order_idx with their precomputed ts_rank (the same value ts_rank
 * gives), branch 2's included (the terms hold the lexemes only a supplier's listings have, at rank
 * 0): the page's first `textTop` rows of the union of all branches are within those and the other
 * branches' own first `textTop`, so a broad word no longer ranks every match. Other keywords
 * (several words, phrases, negations) rank every match, as the export always does.
 */
function textHits(keyword: string, filters: DirectoryFilters, textTop: number | null): SQL {
  const where = supplierFilters(filters);
  const allText = sql`
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, ts_rank(ss.document, ${tsQuery(keyword)})::float8 AS rank
      FROM supplier_search ss
      WHERE ss.document @@ ${tsQuery(keyword)} AND ${where}`;
  if (textTop === null) {
    return allText;
  }
  return sql`(
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, t.rank::float8 AS rank
      FROM supplier_search_terms t JOIN supplier_search ss ON ss.supplier_id = t.supplier_id
      WHERE t.lexeme = (SELECT lexeme FROM single_lexeme) AND ${where}
      ORDER BY t.lexeme, t.rank DESC NULLS LAST, t.sort_key COLLATE "C", t.supplier_id
      LIMIT ${textTop})
      UNION ALL
      ${allText} AND NOT EXISTS (SELECT 1 FROM single_lexeme)`;
}

/**
 * Suppliers found only with their listings' text (CTE listing_matches), with their sort key: every
 * lexeme of the keyword (keyword_lexemes) is in their supplier_search_terms, and one at least only
 * in their listings (rank 0), so their document does not match (it would hold them all). From the
 * terms alone, index-only (a lexeme's rows, and its rank-0 rows, are together in
 * supplier_search_terms_order_idx): only the suppliers with such a rank-0 row are counted, which for
 * the words of a service's title ('graphic design', repeated in its listings' features) are none.
 */
function listingMatches(): SQL {
  // Grouped by the id alone (hashing an integer); the sort key is the same in each of its rows.
  return sql`
      SELECT t.supplier_id, min(t.sort_key) AS sort_key
      FROM supplier_search_terms t
      WHERE t.lexeme IN (SELECT lexeme FROM keyword_lexemes)
        AND t.supplier_id IN (SELECT r.supplier_id FROM supplier_search_terms r WHERE r.lexeme IN (SELECT lexeme FROM keyword_lexemes) AND r.rank = 0)
      GROUP BY t.supplier_id
      HAVING count(*) = (SELECT count(*) FROM keyword_lexemes)`;
}

/**
 * Branch 2 of the hits (CTE listing_hits): suppliers found only with their listings' text
 * (listing_matches), issue 30, all with rank 0: below every supplier the other
 * branches find, in alphabetical order. Listing text finds a supplier; it never reorders those
 * found by what they say of themselves.
 *
 * With `textTop` (search pages), only the first `textTop` of them in that order, for a keyword of
 * more than one lexeme (text_hits holds a single lexeme's), and only when text_hits holds fewer
 * than `textTop` suppliers with a positive rank (a one-time filter: otherwise the page holds none
 * of them; the fuzzy hits, which could fill the page too, are left out of the test, which only
 * makes it run the branch more often).
 */
function listingHits(filters: DirectoryFilters, textTop: number | null): SQL {
  const select = sql`SELECT ss.supplier_id, ss.sort_key, ss.trading_name, 0::float8 AS rank`;
  if (textTop === null) {
    return sql`
      ${select}
      FROM listing_matches m JOIN supplier_search ss ON ss.supplier_id = m.supplier_id
      WHERE ${supplierFilters(filters)}`;
  }
  // The candidates in order first, then each one's row by primary key until the page is full: a
  // common pair of words has tens of thousands. Without filters the first `textTop` candidates are
  // the answer (a top-N sort); with filters all of them are sorted (OFFSET 0 keeps the subquery
  // whole) and read in turn until `textTop` pass.
  const unfiltered = filters.channel === null && filters.catalogue === null && filters.service === null;
  return sql`
      ${select}
      FROM (
        SELECT m.supplier_id, m.sort_key FROM listing_matches m
        WHERE NOT EXISTS (SELECT 1 FROM single_lexeme)
          AND (SELECT count(*) FROM (SELECT 1 FROM text_hits WHERE rank > 0 LIMIT ${textTop}) ranked) < ${textTop}
        ORDER BY m.sort_key COLLATE "C", m.supplier_id ${unfiltered ? sql`LIMIT ${textTop}` : sql`OFFSET 0`}) m
      JOIN supplier_search ss ON ss.supplier_id = m.supplier_id
      WHERE ${supplierFilters(filters)}
      ORDER BY m.sort_key COLLATE "C", m.supplier_id LIMIT ${textTop}`;
}

/**
 * Suppliers matching the keyword (CTE hits), each keeping its best score of the branches: text_hits
 * (its own document), listing_hits (its listings' text only, rank 0) and fuzzy_hits (a trading
 * name within trigram similarity; a listing of a typo service). Each branch is index-driven and
 * computes its expensive function only for its own candidates.
 */
function keywordHits(withListingText: boolean): SQL {
  // Each branch carries the trading name the page shows (no join back), which also keeps the
  // planner from answering the name branch with a full scan of the sort index, computing
  // word_similarity for every supplier, instead of using the trigram index.
  return sql`
    SELECT supplier_id, sort_key, trading_name, max(rank) AS rank FROM (
      SELECT supplier_id, sort_key, trading_name, rank FROM text_hits
      UNION ALL
      ${withListingText ? sql`SELECT supplier_id, sort_key, trading_name, rank FROM listing_hits UNION ALL` : sql``}
      SELECT supplier_id, sort_key, trading_name, rank FROM fuzzy_hits
    ) branches
    GROUP BY supplier_id, sort_key, trading_name`;
}

/**
 * The fuzzy branches of the hits (CTE fuzzy_hits): trading names within trigram word similarity of
 * the keyword (typos: 'harbor' → 'Harbourside'), scored half their similarity, below an exact name
 * match; and suppliers listing a typo service (see typoServices: 'penetation' → 'Penetration
 * testing'), scored FUZZY_SERVICE_RANK.
 */
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
 * The total of a search page, whose hits hold only the first rows of some branches: the suppliers
 * a document of their own or their listings' text finds, plus those only the fuzzy branches find.
 * For a one-lexeme keyword, its supplier_search_terms rows (an index-only count without filters;
 * with filters, one pass over the suppliers within them: the document matches, or a rank-0 term,
 * listing text only, holds the lexeme); for other keywords, text_hits (which holds every document
 * match) plus listing_matches. A fuzzy hit counts when none of those holds it.
 */
function keywordTotal(keyword: string, filters: DirectoryFilters, withListingText: boolean): SQL {
  const where = supplierFilters(filters);
  const unfiltered = filters.channel === null && filters.catalogue === null && filters.service === null;
  const singleLexemeCount = unfiltered
    ? sql`(SELECT count(*) FROM supplier_search_terms t WHERE t.lexeme = (SELECT lexeme FROM single_lexeme))`
    : sql`(SELECT count(*) FROM supplier_search ss WHERE ${where} AND (ss.document @@ ${tsQuery(keyword)}
           OR ss.supplier_id IN (SELECT t.supplier_id FROM supplier_search_terms t WHERE t.lexeme = (SELECT lexeme FROM single_lexeme) AND t.rank = 0)))`;
  const listingOnlyCount = !withListingText
    ? sql`0`
    : unfiltered
      ? sql`(SELECT count(*) FROM listing_matches)`
      : sql`(SELECT count(*) FROM listing_matches m JOIN supplier_search ss ON ss.supplier_id = m.supplier_id WHERE ${where})`;
  const notListingMatch = withListingText ? sql`AND NOT EXISTS (SELECT 1 FROM listing_matches m WHERE m.supplier_id = f.supplier_id)` : sql``;
  return sql`(
    (CASE WHEN EXISTS (SELECT 1 FROM single_lexeme) THEN ${singleLexemeCount} ELSE (SELECT count(*) FROM text_hits) + ${listingOnlyCount} END)
    + (SELECT count(DISTINCT f.supplier_id) FROM fuzzy_hits f WHERE CASE WHEN EXISTS (SELECT 1 FROM single_lexeme)
         THEN NOT EXISTS (SELECT 1 FROM supplier_search_terms t WHERE t.lexeme = (SELECT lexeme FROM single_lexeme) AND t.supplier_id = f.supplier_id)
         ELSE NOT EXISTS (SELECT 1 FROM text_hits h WHERE h.supplier_id = f.supplier_id) ${notListingMatch} END)
    )::integer`;
}

/**
 * Whether a keyword may search listing text beyond what supplier_search_terms gives a one-lexeme
 * keyword: a keyword of one word (one run of letters and digits) has at most one lexeme, so a
 * search page leaves the listing branches out of its statement (and its planning, a few ms).
 */
function hasSeveralWords(keyword: string): boolean {
  return (keyword.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) > 1;
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
 * The CTEs ending in `hits`: the suppliers matching the keyword and filters, each with its rank
 * (all of them rank 0 without a keyword). `textTop` limits some branches to the first rows a search
 * page needs (null: every match, for exports).
 */
function hitsCtes(keyword: string | null, filters: DirectoryFilters, textTop: number | null, withListingText: boolean): SQL[] {
  if (keyword === null) {
    // Inlined where read: the count scans what it needs, the page walks the sort index.
    return [
      sql`hits AS NOT MATERIALIZED (
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, 0::float8 AS rank FROM supplier_search ss WHERE ${supplierFilters(filters)})`,
    ];
  }
  const ctes = [
    sql`text_services AS MATERIALIZED (${textServices(keyword)})`,
    sql`typo_services AS MATERIALIZED (${typoServices(keyword)})`,
    sql`single_lexeme AS MATERIALIZED (${singleLexeme(keyword)})`,
    // The branches, each read by the hits and some by the total.
    sql`text_hits AS MATERIALIZED (${textHits(keyword, filters, textTop)})`,
    sql`fuzzy_hits AS MATERIALIZED (${fuzzyHits(keyword, filters)})`,
  ];
  if (withListingText) {
    ctes.push(sql`keyword_lexemes AS MATERIALIZED (${keywordLexemes(keyword)})`);
    ctes.push(sql`listing_matches AS MATERIALIZED (${listingMatches()})`);
    ctes.push(sql`listing_hits AS MATERIALIZED (${listingHits(filters, textTop)})`);
  }
  // Computed once; the page reads it.
  ctes.push(sql`hits AS MATERIALIZED (${keywordHits(withListingText)})`);
  return ctes;
}

/**
 * Every supplier matching the keyword and filters, in the directory's order, as one array of ids
 * (column `suppliers`): a keyword's export ranks its matches once with it, then reads them in
 * batches (`{ suppliers }` pages), instead of ranking them again for every batch.
 */
export function rankedSuppliersQuery(keyword: string, filters: DirectoryFilters): SQL {
  return sql`
    WITH ${sql.join(hitsCtes(keyword, filters, null, true), sql`, `)}
    SELECT coalesce(array_agg(h.supplier_id ORDER BY h.rank DESC, h.sort_key COLLATE "C", h.supplier_id), '{}') AS suppliers FROM hits h`;
}

/**
 * One page of the directory: ranked by relevance, then alphabetically (COLLATE "C" on the folded
 * name, then id), for a keyword; alphabetically without one, walking supplier_search_sort_idx.
 * `keyword` must already be normalised (normaliseKeyword in service.ts); null means no keyword.
 */
export function directoryPageQuery(keyword: string | null, filters: DirectoryFilters, options: DirectoryQueryOptions): SQL {
  const order = sql`h.rank DESC, h.sort_key COLLATE "C", h.supplier_id`;
  const { position } = options;
  const paged = 'offset' in position;
  const ctes: SQL[] = [];
  if ('suppliers' in position) {
    // Already ranked: each row's rank is minus its place, so the order below keeps the given one.
    ctes.push(sql`page AS (
      SELECT ss.supplier_id, ss.sort_key, ss.trading_name, -o.place::float8 AS rank
      FROM unnest(${idArray(position.suppliers)}) WITH ORDINALITY AS o(supplier_id, place)
      JOIN supplier_search ss ON ss.supplier_id = o.supplier_id)`);
  } else {
    const slice = paged
      ? sql`ORDER BY ${order} LIMIT ${options.limit} OFFSET ${position.offset}`
      : sql`${afterCursor(position.after)} ORDER BY ${order} LIMIT ${options.limit}`;
    // A search page's one-word keyword finds its listing-only suppliers in text_hits (the terms).
    const withListingText = keyword !== null && (!paged || hasSeveralWords(keyword));
    ctes.push(...hitsCtes(keyword, filters, paged ? position.offset + options.limit : null, withListingText));
    ctes.push(sql`page AS (SELECT h.supplier_id, h.sort_key, h.trading_name, h.rank FROM hits h ${slice})`);
  }
  // The page's listings in one join (services, catalogues and channels hashed once for the page),
  // each with its service's slug when buyers can read the supplier's listing of it (its
  // supplier_search row keeps those services' ids, read by primary key for the page's suppliers).
  ctes.push(sql`listings AS (
    SELECT ls.supplier_id, json_agg(json_build_object(
             'id', sv.id, 'title', sv.title,
             'listingSlug', CASE WHEN sv.id = ANY (x.listing_service_ids) THEN sv.slug END,
             'catalogueId', c.id, 'catalogueTitle', c.title,
             'cataloguePosition', c.position, 'channelTitle', ch.title, 'channelPosition', ch.position)
             ORDER BY sv.title COLLATE "C", sv.id) AS services
    FROM supplier_services ls
    JOIN page p ON p.supplier_id = ls.supplier_id
    JOIN supplier_search x ON x.supplier_id = p.supplier_id
    JOIN services sv ON sv.id = ls.service_id
    JOIN catalogues c ON c.id = sv.catalogue_id
    JOIN channels ch ON ch.id = c.channel_id
    -- An array of ids, so the listings are read through their primary key even for a 500-row export batch.
    WHERE ls.supplier_id = ANY (ARRAY(SELECT supplier_id FROM page)) AND ls.published_at IS NOT NULL AND ${isLiveService(sql`sv.id`)}
      AND ${listingFilters(filters)}
    GROUP BY ls.supplier_id)`);
  const total = !paged
    ? sql`NULL::integer`
    : keyword !== null
      ? keywordTotal(keyword, filters, hasSeveralWords(keyword))
      : sql`(SELECT count(*) FROM hits)::integer`;
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
