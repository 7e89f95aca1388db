CREATE TABLE "supplier_search" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"trading_name" text NOT NULL,
	"sort_key" text NOT NULL,
	"service_ids" integer[] NOT NULL,
	"catalogue_ids" integer[] NOT NULL,
	"channel_ids" integer[] NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_search" ADD CONSTRAINT "supplier_search_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_search_document_idx" ON "supplier_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "supplier_search_name_trgm_idx" ON "supplier_search" USING gin ("sort_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_search_services_idx" ON "supplier_search" USING gin ("service_ids");--> statement-breakpoint
CREATE INDEX "supplier_search_catalogues_idx" ON "supplier_search" USING gin ("catalogue_ids");--> statement-breakpoint
CREATE INDEX "supplier_search_channels_idx" ON "supplier_search" USING gin ("channel_ids");--> statement-breakpoint
CREATE INDEX "supplier_search_sort_idx" ON "supplier_search" USING btree ("sort_key" COLLATE "C","supplier_id");--> statement-breakpoint
CREATE INDEX "services_search_document_idx" ON "services" USING gin ((setweight(to_tsvector('english', directory_fold("title")), 'A') || setweight(to_tsvector('english', directory_fold("description")), 'B')));