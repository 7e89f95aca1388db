-- supplier_search_terms (migration 0021): per listed supplier and lexeme of its document, the
-- ts_rank a one-lexeme search gives it, so a broad word reads its best page in order from
-- supplier_search_terms_order_idx instead of ranking every match (server/modules/directory/README.md).
-- directory_refresh_suppliers, which every directory trigger calls, now rebuilds a supplier's terms
-- with its supplier_search row; rows leaving supplier_search take their terms along (ON DELETE CASCADE).

-- The tsquery of exactly one lexeme, as stored (no parsing, stemming or stop words): quotes and
-- backslashes doubled inside single quotes, tsquery's own quoting.
CREATE FUNCTION directory_lexeme_query(lexeme text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_refresh_suppliers(supplier_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF supplier_ids IS NULL OR cardinality(supplier_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM suppliers WHERE id = ANY (supplier_ids) ORDER BY id FOR NO KEY UPDATE;

  INSERT INTO supplier_search
    (supplier_id, trading_name, sort_key, service_ids, catalogue_ids, channel_ids, document)
  SELECT s.id, s.trading_name, directory_fold(s.trading_name),
         l.service_ids, l.catalogue_ids, l.channel_ids,
         setweight(to_tsvector('english', directory_fold(s.trading_name)), 'A')
         || setweight(to_tsvector('english', directory_fold(l.service_titles)), 'B')
         || setweight(to_tsvector('english', directory_fold(concat_ws(' ', s.summary, l.catalogue_titles))), 'C')
  FROM suppliers s
  CROSS JOIN LATERAL (
    SELECT array_agg(sv.id ORDER BY sv.id) AS service_ids,
           array_agg(DISTINCT c.id) AS catalogue_ids,
           array_agg(DISTINCT c.channel_id) AS channel_ids,
           string_agg(sv.title, ' ' ORDER BY sv.title) AS service_titles,
           string_agg(DISTINCT c.title, ' ') AS catalogue_titles
    FROM supplier_services ss
    JOIN live_services live ON live.id = ss.service_id
    JOIN services sv ON sv.id = ss.service_id
    JOIN catalogues c ON c.id = sv.catalogue_id
    WHERE ss.supplier_id = s.id AND ss.published_at IS NOT NULL
  ) l
  WHERE s.id = ANY (supplier_ids) AND s.status = 'approved' AND l.service_ids IS NOT NULL
  ON CONFLICT (supplier_id) DO UPDATE SET
    trading_name = EXCLUDED.trading_name,
    sort_key = EXCLUDED.sort_key,
    service_ids = EXCLUDED.service_ids,
    catalogue_ids = EXCLUDED.catalogue_ids,
    channel_ids = EXCLUDED.channel_ids,
    document = EXCLUDED.document;

  DELETE FROM supplier_search x
  WHERE x.supplier_id = ANY (supplier_ids)
    AND NOT EXISTS (
      SELECT 1 FROM suppliers s
      JOIN supplier_services ss ON ss.supplier_id = s.id AND ss.published_at IS NOT NULL
      JOIN live_services live ON live.id = ss.service_id
      WHERE s.id = x.supplier_id AND s.status = 'approved'
    );

  DELETE FROM supplier_search_terms WHERE supplier_id = ANY (supplier_ids);
  INSERT INTO supplier_search_terms (supplier_id, lexeme, rank, sort_key)
  SELECT x.supplier_id, t.lexeme, ts_rank(x.document, directory_lexeme_query(t.lexeme)), x.sort_key
  FROM supplier_search x CROSS JOIN LATERAL unnest(tsvector_to_array(x.document)) AS t(lexeme)
  WHERE x.supplier_id = ANY (supplier_ids);
END
$$;
--> statement-breakpoint

-- Terms of the suppliers already listed.
INSERT INTO supplier_search_terms (supplier_id, lexeme, rank, sort_key)
SELECT x.supplier_id, t.lexeme, ts_rank(x.document, directory_lexeme_query(t.lexeme)), x.sort_key
FROM supplier_search x CROSS JOIN LATERAL unnest(tsvector_to_array(x.document)) AS t(lexeme);
