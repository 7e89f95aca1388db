ALTER TABLE "suppliers" ADD COLUMN "status_before_suspension" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_team_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_supplier_at_idx" ON "audit_log" USING btree ("supplier_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_user_id","at");