CREATE TABLE "supplier_search_terms" (
	"supplier_id" integer NOT NULL,
	"lexeme" text NOT NULL,
	"rank" real NOT NULL,
	"sort_key" text NOT NULL,
	CONSTRAINT "supplier_search_terms_supplier_id_lexeme_pk" PRIMARY KEY("supplier_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "supplier_search_terms" ADD CONSTRAINT "supplier_search_terms_supplier_id_supplier_search_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier_search"("supplier_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_search_terms_order_idx" ON "supplier_search_terms" USING btree ("lexeme","rank" DESC NULLS LAST,"sort_key" COLLATE "C","supplier_id");