ALTER TABLE "suppliers" ADD COLUMN "initial_catalogue_id" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_initial_catalogue_id_catalogues_id_fk" FOREIGN KEY ("initial_catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE set null ON UPDATE no action;