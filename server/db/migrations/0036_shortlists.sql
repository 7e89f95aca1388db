-- Buyers' shortlists of approved suppliers (issue 31): named, an agency's own, private to the
-- person who made one until shared with the agency; each supplier on one with the buyer's note.
CREATE TABLE "shortlist_suppliers" (
	"shortlist_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"added_by_user_id" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_suppliers_shortlist_id_supplier_id_pk" PRIMARY KEY("shortlist_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "shortlists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shortlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shortlist_suppliers" ADD CONSTRAINT "shortlist_suppliers_shortlist_id_shortlists_id_fk" FOREIGN KEY ("shortlist_id") REFERENCES "public"."shortlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_suppliers" ADD CONSTRAINT "shortlist_suppliers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_suppliers" ADD CONSTRAINT "shortlist_suppliers_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_agency_id_agency_applications_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_suppliers_supplier_idx" ON "shortlist_suppliers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "shortlists_agency_idx" ON "shortlists" USING btree ("agency_id","updated_at");