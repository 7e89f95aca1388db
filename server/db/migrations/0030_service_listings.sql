CREATE TABLE "service_listing_versions" (
	"listing_id" integer NOT NULL,
	"version" integer NOT NULL,
	"form_version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_by_user_id" integer,
	"approved_by_user_id" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"application_id" integer,
	"form_version" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"changes_requested" text,
	"published_version" integer,
	"suspended_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_edited" timestamp with time zone DEFAULT now() NOT NULL,
	"last_edited_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "service_listing_versions" ADD CONSTRAINT "service_listing_versions_listing_id_service_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."service_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_listing_versions" ADD CONSTRAINT "service_listing_versions_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_listing_versions" ADD CONSTRAINT "service_listing_versions_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_last_edited_by_user_id_users_id_fk" FOREIGN KEY ("last_edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_listing_versions_listing_version_key" ON "service_listing_versions" USING btree ("listing_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "service_listings_supplier_service_key" ON "service_listings" USING btree ("supplier_id","service_id");--> statement-breakpoint
CREATE INDEX "service_listings_status_idx" ON "service_listings" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "service_listings_application_idx" ON "service_listings" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "service_listings_service_idx" ON "service_listings" USING btree ("service_id");