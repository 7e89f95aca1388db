-- An agency's answer to each billing report on an engagement it confirmed (issue 31): awaiting,
-- confirmed, or queried with the agency's words. A query opens a thread on the report that the
-- agency is in, as a notice's dispute does.
ALTER TABLE "billing_reports" ADD COLUMN "agency_response" text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_reports" ADD COLUMN "agency_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_reports" ADD COLUMN "agency_responded_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "billing_reports" ADD COLUMN "query_details" text;--> statement-breakpoint
ALTER TABLE "billing_reports" ADD CONSTRAINT "billing_reports_agency_responded_by_user_id_users_id_fk" FOREIGN KEY ("agency_responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;