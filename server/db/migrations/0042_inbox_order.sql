-- Issue 33: the team's inbox at ten times the national scale. It put the open threads waiting for
-- the team first by reading each open thread's latest message on every request; now the database
-- keeps whether the latest message is the team's (`threads.last_message_is_from_team`) as messages
-- are written, and the inbox reads its order from an index.
ALTER TABLE "threads" ADD COLUMN "last_message_is_from_team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "threads_inbox_idx" ON "threads" USING btree ("is_resolved","last_message_is_from_team","updated_at","id");--> statement-breakpoint
CREATE INDEX "threads_activity_idx" ON "threads" USING btree ("is_resolved","updated_at","id");--> statement-breakpoint
DROP INDEX "threads_open_idx";--> statement-breakpoint

-- Sets the given threads' mark from their latest message (by time, then id, as the inbox reads it).
CREATE FUNCTION threads_refresh_last_message(thread_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE threads t SET last_message_is_from_team = l.is_from_team
  FROM (
    SELECT t2.id, coalesce((SELECT m.is_from_staff FROM thread_messages m WHERE m.thread_id = t2.id
                            ORDER BY m.created_at DESC, m.id DESC LIMIT 1), false) AS is_from_team
    FROM threads t2 WHERE t2.id = ANY (thread_ids)
  ) l
  WHERE t.id = l.id AND t.last_message_is_from_team IS DISTINCT FROM l.is_from_team;
END
$$;
--> statement-breakpoint
CREATE FUNCTION threads_messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM threads_refresh_last_message(ARRAY(SELECT DISTINCT thread_id FROM old_rows));
  ELSE
    PERFORM threads_refresh_last_message(ARRAY(SELECT DISTINCT thread_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER threads_messages_inserted AFTER INSERT ON thread_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION threads_messages_changed();
--> statement-breakpoint
CREATE TRIGGER threads_messages_updated AFTER UPDATE ON thread_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION threads_messages_changed();
--> statement-breakpoint
CREATE TRIGGER threads_messages_deleted AFTER DELETE ON thread_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION threads_messages_changed();
--> statement-breakpoint

-- What is there already.
SELECT threads_refresh_last_message(ARRAY(SELECT id FROM threads));
