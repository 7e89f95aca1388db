-- The audit log pages after an entry (issue 33): each newest-first index ends with the id, so a page
-- starts where the last one ended, inside the index, however deep. The new indexes come first.
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_supplier_at_id_idx" ON "audit_log" USING btree ("supplier_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_id_idx" ON "audit_log" USING btree ("actor_user_id","at","id");--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_supplier_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_at_idx";
