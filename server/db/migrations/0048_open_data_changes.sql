-- What changed that the open-data publisher has not looked at yet (issue 33): the tables its releases
-- are made from note the catalogue, supplier, engagement notice or billing report a change may have
-- made publishable, and a run publishes only what is noted, so a run with nothing new reads none of
-- the history. Only changes that can publish something are noted (a confirmed notice or report, a
-- published listing, an approved supplier, any change to the catalogue). One function for every
-- table; statement triggers with the changed rows as a table, so a statement of many rows costs one
-- insert. A trigger with a transition table has one event, hence a trigger for INSERT and one for
-- UPDATE. Deleting never makes anything publishable.
CREATE TABLE "open_data_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_data_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION open_data_note_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'channels' THEN
      INSERT INTO open_data_changes (subject, subject_id)
        SELECT 'catalogue', c.id FROM catalogues c WHERE c.channel_id IN (SELECT id FROM changed);
    WHEN 'catalogues' THEN
      INSERT INTO open_data_changes (subject, subject_id) SELECT 'catalogue', id FROM changed;
    WHEN 'services' THEN
      INSERT INTO open_data_changes (subject, subject_id) SELECT DISTINCT 'catalogue', catalogue_id FROM changed;
    WHEN 'suppliers' THEN
      INSERT INTO open_data_changes (subject, subject_id) SELECT 'supplier', id FROM changed WHERE status = 'approved';
    WHEN 'supplier_services' THEN
      INSERT INTO open_data_changes (subject, subject_id)
        SELECT DISTINCT 'supplier', supplier_id FROM changed WHERE published_at IS NOT NULL;
    WHEN 'engagement_notices' THEN
      INSERT INTO open_data_changes (subject, subject_id) SELECT 'notice', id FROM changed WHERE agency_response = 'confirmed';
    WHEN 'billing_reports' THEN
      INSERT INTO open_data_changes (subject, subject_id)
        SELECT 'report', id FROM changed WHERE status = 'submitted' AND agency_response = 'confirmed';
  END CASE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER open_data_changes_insert AFTER INSERT ON catalogues REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_update AFTER UPDATE ON catalogues REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_update AFTER UPDATE ON channels REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_update AFTER UPDATE ON services REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_insert AFTER INSERT ON suppliers REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_update AFTER UPDATE ON suppliers REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_insert AFTER INSERT ON supplier_services REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_update AFTER UPDATE ON supplier_services REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_insert AFTER INSERT ON engagement_notices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_update AFTER UPDATE ON engagement_notices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_insert AFTER INSERT ON billing_reports REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
CREATE TRIGGER open_data_changes_update AFTER UPDATE ON billing_reports REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION open_data_note_changes();
--> statement-breakpoint
-- Existing data was never noted: the first run looks at everything.
INSERT INTO open_data_changes (subject, subject_id) VALUES ('everything', 0);
