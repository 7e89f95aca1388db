CREATE TABLE "agency_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resume_token_hash" text NOT NULL,
	"form_version" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"last_step" integer,
	"agency_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"decline_reasons" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_edited" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_applications" ADD CONSTRAINT "agency_applications_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_applications_resume_token_hash_key" ON "agency_applications" USING btree ("resume_token_hash");--> statement-breakpoint
CREATE INDEX "agency_applications_status_submitted_idx" ON "agency_applications" USING btree ("status","submitted_at");