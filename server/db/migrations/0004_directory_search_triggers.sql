-- Keeps supplier_search (one row per supplier listed in the public directory) current with
-- triggers, so no caller has to remember to refresh it. Statement-level triggers with transition
-- tables refresh each touched supplier once per statement, so bulk inserts stay fast.
-- See server/modules/directory/README.md.

-- Rebuilds the rows of the given suppliers: inserted or updated when the supplier is approved and
-- has a published listing, deleted otherwise. Safe to call for any ids, existing or not.
-- The document holds the trading name (A), the published services' titles (B), the summary and the
-- catalogue titles (C). Service descriptions stay out: they are the same for every supplier listing
-- the service, so the search matches them once in `services` and keeps each document small enough
-- to stay uncompressed in the row (about 0.6 kB rather than 1.8 kB toasted).
CREATE FUNCTION directory_refresh_suppliers(supplier_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF supplier_ids IS NULL OR cardinality(supplier_ids) = 0 THEN
    RETURN;
  END IF;
  -- Two transactions changing listings of one supplier would each read only their own change and
  -- the later upsert would drop the other's: serialise on the supplier row (NO KEY UPDATE does not
  -- conflict with the key-share locks that foreign-key checks take). Each following statement of
  -- this volatile function takes a new snapshot, so it sees what the other transaction committed.
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
      WHERE s.id = x.supplier_id AND s.status = 'approved'
    );
END
$$;
--> statement-breakpoint

-- Listings: any insert, update or delete refreshes the suppliers it touched.
CREATE FUNCTION directory_listings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(SELECT DISTINCT supplier_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION directory_listings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT supplier_id FROM new_rows UNION SELECT supplier_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION directory_listings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(SELECT DISTINCT supplier_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION directory_listings_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM supplier_search;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_listings_inserted AFTER INSERT ON supplier_services
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_listings_inserted();
--> statement-breakpoint
CREATE TRIGGER directory_listings_updated AFTER UPDATE ON supplier_services
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_listings_updated();
--> statement-breakpoint
CREATE TRIGGER directory_listings_deleted AFTER DELETE ON supplier_services
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_listings_deleted();
--> statement-breakpoint
CREATE TRIGGER directory_listings_truncated AFTER TRUNCATE ON supplier_services
  FOR EACH STATEMENT EXECUTE FUNCTION directory_listings_truncated();
--> statement-breakpoint

-- Suppliers: a change of name, summary or status. A new supplier has no listings yet, and a
-- deleted one leaves supplier_search through its foreign key's ON DELETE CASCADE.
CREATE FUNCTION directory_suppliers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.trading_name, n.summary, n.status) IS DISTINCT FROM (o.trading_name, o.summary, o.status)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_suppliers_updated AFTER UPDATE ON suppliers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_suppliers_updated();
--> statement-breakpoint

-- Services: a new title or catalogue changes the rows of every supplier listing it.
CREATE FUNCTION directory_services_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT DISTINCT ss.supplier_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN supplier_services ss ON ss.service_id = n.id AND ss.published_at IS NOT NULL
    WHERE (n.title, n.catalogue_id) IS DISTINCT FROM (o.title, o.catalogue_id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_services_updated AFTER UPDATE ON services
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_services_updated();
--> statement-breakpoint

-- Catalogues: a new title (in the documents) or channel (in channel_ids).
CREATE FUNCTION directory_catalogues_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT DISTINCT ss.supplier_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN services sv ON sv.catalogue_id = n.id
    JOIN supplier_services ss ON ss.service_id = sv.id AND ss.published_at IS NOT NULL
    WHERE (n.title, n.channel_id) IS DISTINCT FROM (o.title, o.channel_id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_catalogues_updated AFTER UPDATE ON catalogues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_catalogues_updated();
--> statement-breakpoint

-- pg_trgm estimates the selectivity of %> by running it on the column's statistics sample, but
-- only when the histogram has at least 100 entries: below that it takes a fixed default. A
-- search plans the name branch on every request, and the estimate cost more than the scan, so
-- keep the histogram of the trigram-matched column under 100 entries.
ALTER TABLE supplier_search ALTER COLUMN sort_key SET STATISTICS 50;