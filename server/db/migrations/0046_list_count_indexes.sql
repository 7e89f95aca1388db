-- The team's lists counted from an index at ten times the national scale (issue 33): suppliers of
-- one status, and threads open or resolved that one person (or nobody) holds. The assignee's index
-- gains the status, so it serves the inbox's count as well as its filter.
CREATE INDEX "suppliers_status_idx" ON "suppliers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "threads_assignee_status_idx" ON "threads" USING btree ("assignee_user_id","is_resolved");--> statement-breakpoint
DROP INDEX "threads_assignee_idx";
