-- The team's applications (issue 33): the work queue (what still waits on someone, longest in its
-- stage first, the finished ones after) read from an index instead of working out and sorting every
-- application's stage time on each request. `stage_since` is kept by a trigger: the text of
-- `status_timestamps` cast to a time is not immutable, so it cannot be a generated column.
ALTER TABLE "applications" ADD COLUMN "stage_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "is_finished" boolean GENERATED ALWAYS AS (status IN ('published', 'declined')) STORED;--> statement-breakpoint
CREATE FUNCTION applications_keep_stage_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stage_since := coalesce((NEW.status_timestamps ->> NEW.status)::timestamptz, NEW.last_edited);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER applications_stage_since BEFORE INSERT OR UPDATE OF status, status_timestamps, last_edited ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_keep_stage_since();--> statement-breakpoint
UPDATE applications SET stage_since = coalesce((status_timestamps ->> status)::timestamptz, last_edited);--> statement-breakpoint
CREATE INDEX "applications_work_queue_idx" ON "applications" USING btree ("is_finished","stage_since","id") WHERE status <> 'incomplete';--> statement-breakpoint
CREATE INDEX "applications_status_stage_idx" ON "applications" USING btree ("status","stage_since","id");--> statement-breakpoint
CREATE INDEX "applications_latest_idx" ON "applications" USING btree ("last_edited","id") WHERE status <> 'incomplete';--> statement-breakpoint
DROP INDEX "applications_status_idx";
