-- Retirement (issue 13): a channel, catalogue or service the team retired leaves public view, and
-- so does everything it holds, while its rows stay for the history of applications, notices and
-- listings. THE rule, in one place: these three views. Every public query reads them (through
-- server/db/live-catalogue.ts in TypeScript, by name in the directory's SQL), and so does
-- supplier_search below. Ancestors are read, not copied: restoring a channel brings back exactly
-- what it held, and a service retired on its own stays retired.
CREATE VIEW live_channels AS
  SELECT ch.id FROM channels ch WHERE ch.retired_at IS NULL;
--> statement-breakpoint
CREATE VIEW live_catalogues AS
  SELECT c.id, c.channel_id FROM catalogues c
  JOIN channels ch ON ch.id = c.channel_id
  WHERE c.retired_at IS NULL AND ch.retired_at IS NULL;
--> statement-breakpoint
CREATE VIEW live_services AS
  SELECT sv.id, sv.catalogue_id FROM services sv
  JOIN catalogues c ON c.id = sv.catalogue_id
  JOIN channels ch ON ch.id = c.channel_id
  WHERE sv.retired_at IS NULL AND c.retired_at IS NULL AND ch.retired_at IS NULL;
--> statement-breakpoint

-- supplier_search (migration 0004) now holds only live services: a supplier whose published
-- listings are all retired leaves the directory; its listings stay stored.
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
END
$$;
--> statement-breakpoint

-- Retiring or restoring a service, a catalogue or a channel refreshes every supplier listing what it holds.
CREATE OR REPLACE FUNCTION directory_services_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT DISTINCT ss.supplier_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN supplier_services ss ON ss.service_id = n.id AND ss.published_at IS NOT NULL
    WHERE (n.title, n.catalogue_id, n.retired_at) IS DISTINCT FROM (o.title, o.catalogue_id, o.retired_at)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_catalogues_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT DISTINCT ss.supplier_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN services sv ON sv.catalogue_id = n.id
    JOIN supplier_services ss ON ss.service_id = sv.id AND ss.published_at IS NOT NULL
    WHERE (n.title, n.channel_id, n.retired_at) IS DISTINCT FROM (o.title, o.channel_id, o.retired_at)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION directory_channels_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_refresh_suppliers(ARRAY(
    SELECT DISTINCT ss.supplier_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN catalogues c ON c.channel_id = n.id
    JOIN services sv ON sv.catalogue_id = c.id
    JOIN supplier_services ss ON ss.service_id = sv.id AND ss.published_at IS NOT NULL
    WHERE n.retired_at IS DISTINCT FROM o.retired_at));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_channels_updated AFTER UPDATE ON channels
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_channels_updated();
