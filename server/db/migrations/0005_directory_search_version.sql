-- The directory data version: one row, bumped by statement-level triggers whenever anything a
-- directory search reads changes (supplier_search, which the triggers of migration 0004 keep,
-- and the titles, descriptions, positions and structure of services, catalogues and channels).
-- App instances cache search responses under this version, so a change made anywhere (another
-- instance, an admin tool, a bulk load) invalidates every instance's cache once they re-read it.
-- See server/modules/directory/README.md ("Search response cache").
--
-- A table row rather than a sequence: the update is transactional, so a reader never sees the new
-- version before the data it stands for is committed (nextval is visible at once, and a search run
-- in between would cache the old data under the new version for good). The cost: transactions
-- changing directory data queue on this row from their first such statement until they commit.
CREATE TABLE directory_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO directory_version (id, version) VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION directory_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE directory_version SET version = version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER directory_version_bump AFTER INSERT OR UPDATE OR DELETE ON supplier_search
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint
CREATE TRIGGER directory_version_bump_truncate AFTER TRUNCATE ON supplier_search
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint
CREATE TRIGGER directory_version_bump AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint
CREATE TRIGGER directory_version_bump_truncate AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint
CREATE TRIGGER directory_version_bump AFTER INSERT OR UPDATE OR DELETE ON catalogues
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint
CREATE TRIGGER directory_version_bump_truncate AFTER TRUNCATE ON catalogues
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint
CREATE TRIGGER directory_version_bump AFTER INSERT OR UPDATE OR DELETE ON channels
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint
CREATE TRIGGER directory_version_bump_truncate AFTER TRUNCATE ON channels
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
