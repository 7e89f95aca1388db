-- Listing text in the directory search (issue 30). The words of the summaries and features of a
-- listed supplier's live listings (benefits, pricing and documents stay out) join its
-- supplier_search_terms (migrations 0021, 0022) at rank 0: a keyword whose every word is in the
-- supplier's document or its listings finds it, ranked below every supplier its own document (or a
-- near miss) finds, in alphabetical order. Its document, and so every rank it had, is unchanged.
-- Why not in the document itself: server/modules/directory/README.md. supplier_search also keeps
-- the ids of the services whose listings buyers can read (listing_service_ids): the directory's
-- results link them to their listing pages without reading the listings on every search.
--
-- A listing's text counts while buyers can read the listing: a live version, not suspended, of a
-- listing the directory lists (the rule of isPublicListing, server/modules/listings/service.ts; the
-- supplier and live-service parts are the refresh's own conditions). A change waiting for review
-- is not the live version, so it is not searched until approved.
ALTER TABLE "supplier_search" ADD COLUMN "listing_service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION directory_refresh_suppliers(supplier_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF supplier_ids IS NULL OR cardinality(supplier_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM suppliers WHERE id = ANY (supplier_ids) ORDER BY id FOR NO KEY UPDATE;

  INSERT INTO supplier_search
    (supplier_id, trading_name, sort_key, service_ids, catalogue_ids, channel_ids, document, listing_service_ids)
  SELECT s.id, s.trading_name, directory_fold(s.trading_name),
         l.service_ids, l.catalogue_ids, l.channel_ids,
         setweight(to_tsvector('english', directory_fold(s.trading_name)), 'A')
         || setweight(to_tsvector('english', directory_fold(l.service_titles)), 'B')
         || setweight(to_tsvector('english', directory_fold(concat_ws(' ', s.summary, l.catalogue_titles))), 'C'),
         ARRAY(
           SELECT ss.service_id
           FROM supplier_services ss
           JOIN live_services live ON live.id = ss.service_id
           JOIN service_listings sl ON sl.supplier_id = ss.supplier_id AND sl.service_id = ss.service_id
           JOIN service_listing_versions v ON v.listing_id = sl.id AND v.version = sl.published_version
           WHERE ss.supplier_id = s.id AND ss.published_at IS NOT NULL AND sl.suspended_at IS NULL
           ORDER BY ss.service_id)
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
    document = EXCLUDED.document,
    listing_service_ids = EXCLUDED.listing_service_ids;

  DELETE FROM supplier_search x
  WHERE x.supplier_id = ANY (supplier_ids)
    AND NOT EXISTS (
      SELECT 1 FROM suppliers s
      JOIN supplier_services ss ON ss.supplier_id = s.id AND ss.published_at IS NOT NULL
      JOIN live_services live ON live.id = ss.service_id
      WHERE s.id = x.supplier_id AND s.status = 'approved'
    );

  -- Each lexeme of the document with its ts_rank, as before; then each lexeme of the live listings'
  -- summaries and features that the document does not hold, at rank 0.
  DELETE FROM supplier_search_terms WHERE supplier_id = ANY (supplier_ids);
  INSERT INTO supplier_search_terms (supplier_id, lexeme, rank, sort_key)
  SELECT x.supplier_id, t.lexeme, ts_rank(x.document, directory_lexeme_query(t.lexeme)), x.sort_key
  FROM supplier_search x CROSS JOIN LATERAL unnest(tsvector_to_array(x.document)) AS t(lexeme)
  WHERE x.supplier_id = ANY (supplier_ids)
  UNION ALL
  SELECT x.supplier_id, t.lexeme, 0, x.sort_key
  FROM supplier_search x
  CROSS JOIN LATERAL (
    SELECT string_agg(concat_ws(' ', v.data #>> '{about,summary}', f.features), ' ') AS listing_text
    FROM supplier_services ss
    JOIN live_services live ON live.id = ss.service_id
    JOIN service_listings sl ON sl.supplier_id = ss.supplier_id AND sl.service_id = ss.service_id
    JOIN service_listing_versions v ON v.listing_id = sl.id AND v.version = sl.published_version
    CROSS JOIN LATERAL (
      SELECT string_agg(feature, ' ') AS features
      FROM jsonb_array_elements_text(
             CASE WHEN jsonb_typeof(v.data #> '{about,features}') = 'array' THEN v.data #> '{about,features}' ELSE '[]'::jsonb END
           ) AS feature
    ) f
    WHERE ss.supplier_id = x.supplier_id AND ss.published_at IS NOT NULL AND sl.suspended_at IS NULL
  ) l
  CROSS JOIN LATERAL unnest(tsvector_to_array(
    ts_delete(to_tsvector('english', directory_fold(coalesce(l.listing_text, ''))), tsvector_to_array(x.document))
  )) AS t(lexeme)
  WHERE x.supplier_id = ANY (supplier_ids);
END
$$;
--> statement-breakpoint

-- Listings: a listing published (its published_version set or moved on), suspended or reinstated,
-- inserted live or deleted, refreshes its supplier. Saving a working copy or sending it for review
-- changes none of these, so it refreshes nothing.
CREATE FUNCTION directory_service_listings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(SELECT DISTINCT supplier_id FROM new_rows WHERE published_version IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION directory_service_listings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    WITH changed AS (
      SELECT n.supplier_id AS new_supplier_id, o.supplier_id AS old_supplier_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.supplier_id, n.service_id, n.published_version, n.suspended_at IS NULL)
            IS DISTINCT FROM (o.supplier_id, o.service_id, o.published_version, o.suspended_at IS NULL))
    SELECT new_supplier_id FROM changed UNION SELECT old_supplier_id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION directory_service_listings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(SELECT DISTINCT supplier_id FROM old_rows WHERE published_version IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A truncate of the listings (or of their versions) takes every listing's text away.
CREATE FUNCTION directory_listing_text_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(SELECT supplier_id FROM supplier_search));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_service_listings_inserted AFTER INSERT ON service_listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_service_listings_inserted();
--> statement-breakpoint
CREATE TRIGGER directory_service_listings_updated AFTER UPDATE ON service_listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_service_listings_updated();
--> statement-breakpoint
CREATE TRIGGER directory_service_listings_deleted AFTER DELETE ON service_listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_service_listings_deleted();
--> statement-breakpoint
CREATE TRIGGER directory_service_listings_truncated AFTER TRUNCATE ON service_listings
  FOR EACH STATEMENT EXECUTE FUNCTION directory_listing_text_truncated();
--> statement-breakpoint

-- Versions: publishing inserts the version before it moves published_version (the listing's
-- trigger refreshes then), but a listing may also be inserted live before its version (the demo
-- data, a bulk load): a version inserted, changed or deleted while it is its listing's live one
-- refreshes the supplier too.
CREATE FUNCTION directory_listing_versions_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT DISTINCT sl.supplier_id FROM new_rows n
    JOIN service_listings sl ON sl.id = n.listing_id AND sl.published_version = n.version));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION directory_listing_versions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT DISTINCT sl.supplier_id FROM old_rows o
    JOIN service_listings sl ON sl.id = o.listing_id AND sl.published_version = o.version));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_listing_versions_inserted AFTER INSERT ON service_listing_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_listing_versions_written();
--> statement-breakpoint
CREATE TRIGGER directory_listing_versions_updated AFTER UPDATE ON service_listing_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_listing_versions_written();
--> statement-breakpoint
CREATE TRIGGER directory_listing_versions_deleted AFTER DELETE ON service_listing_versions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_listing_versions_deleted();
--> statement-breakpoint
CREATE TRIGGER directory_listing_versions_truncated AFTER TRUNCATE ON service_listing_versions
  FOR EACH STATEMENT EXECUTE FUNCTION directory_listing_text_truncated();
--> statement-breakpoint

-- The rows and terms of the suppliers already listed with live listings.
SELECT directory_refresh_suppliers(ARRAY(
  SELECT DISTINCT sl.supplier_id FROM service_listings sl
  WHERE sl.published_version IS NOT NULL AND sl.suspended_at IS NULL));
