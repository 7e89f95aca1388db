-- An agency's answer to the engagement notices naming it (issue 31): awaiting, confirmed or
-- disputed with a reason and details. A dispute opens a thread on the notice that the agency is in
-- too (threads.agency_id), whose agency messages are marked (thread_messages.is_from_agency). The
-- agency's list reads its sent notices by answer, so its index grows those columns.
DROP INDEX "engagement_notices_agency_idx";--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN "is_from_agency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD COLUMN "agency_response" text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD COLUMN "agency_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD COLUMN "agency_responded_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD COLUMN "dispute_details" text;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_agency_id_agency_applications_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD CONSTRAINT "engagement_notices_agency_responded_by_user_id_users_id_fk" FOREIGN KEY ("agency_responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_notices_agency_idx" ON "engagement_notices" USING btree ("agency_id","status","agency_response","submitted_at");