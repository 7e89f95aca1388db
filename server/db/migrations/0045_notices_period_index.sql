-- The team's notices running in a month (issue 33): the dates join the list's index, so that the
-- filter is checked on the index alone instead of reading each notice the newest-first scan passes.
CREATE INDEX "engagement_notices_team_list_idx" ON "engagement_notices" USING btree ("last_edited","id","status","start_date","end_date");--> statement-breakpoint
DROP INDEX "engagement_notices_team_idx";
