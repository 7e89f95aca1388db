CREATE TABLE "billing_reminders" (
	"supplier_id" integer NOT NULL,
	"billing_period" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_reminders_supplier_id_billing_period_pk" PRIMARY KEY("supplier_id","billing_period")
);
--> statement-breakpoint
CREATE TABLE "billing_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"form_version" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engagement_notice_id" integer,
	"billing_period" text,
	"amount_cents" bigint,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"last_edited" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_notice_services" (
	"engagement_notice_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "engagement_notice_services_engagement_notice_id_service_id_pk" PRIMARY KEY("engagement_notice_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "engagement_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "engagement_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"form_version" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agency_id" integer,
	"title" text,
	"reference" text,
	"start_date" text,
	"end_date" text,
	"value_cents" bigint,
	"withdrawn_reason" text,
	"withdrawn_reason_other" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"last_edited" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_reminders" ADD CONSTRAINT "billing_reminders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_reports" ADD CONSTRAINT "billing_reports_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_reports" ADD CONSTRAINT "billing_reports_engagement_notice_id_engagement_notices_id_fk" FOREIGN KEY ("engagement_notice_id") REFERENCES "public"."engagement_notices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_reports" ADD CONSTRAINT "billing_reports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_notice_services" ADD CONSTRAINT "engagement_notice_services_engagement_notice_id_engagement_notices_id_fk" FOREIGN KEY ("engagement_notice_id") REFERENCES "public"."engagement_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_notice_services" ADD CONSTRAINT "engagement_notice_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD CONSTRAINT "engagement_notices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD CONSTRAINT "engagement_notices_agency_id_agency_applications_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD CONSTRAINT "engagement_notices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_reports_notice_period_key" ON "billing_reports" USING btree ("engagement_notice_id","billing_period");--> statement-breakpoint
CREATE INDEX "billing_reports_supplier_idx" ON "billing_reports" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "billing_reports_period_idx" ON "billing_reports" USING btree ("billing_period");--> statement-breakpoint
CREATE INDEX "engagement_notice_services_service_idx" ON "engagement_notice_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "engagement_notices_supplier_idx" ON "engagement_notices" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "engagement_notices_status_idx" ON "engagement_notices" USING btree ("status","last_edited");--> statement-breakpoint
CREATE INDEX "engagement_notices_agency_idx" ON "engagement_notices" USING btree ("agency_id");