CREATE TABLE "listing_document_reminders" (
	"listing_id" integer NOT NULL,
	"file_id" text NOT NULL,
	"expires_on" text NOT NULL,
	"days_before" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_document_reminders_listing_id_file_id_expires_on_days_before_pk" PRIMARY KEY("listing_id","file_id","expires_on","days_before")
);
--> statement-breakpoint
ALTER TABLE "listing_document_reminders" ADD CONSTRAINT "listing_document_reminders_listing_id_service_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."service_listings"("id") ON DELETE cascade ON UPDATE no action;