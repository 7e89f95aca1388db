CREATE TABLE "supplier_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"form_key" text NOT NULL,
	"form_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"trading_name" text NOT NULL,
	"nzbn" text,
	"abn" text,
	"acn" text,
	"registrant_name" text NOT NULL,
	"registrant_email" text NOT NULL,
	"financial_statement_id" uuid,
	"created_supplier_id" integer,
	"decline_reasons" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_registrations" ADD CONSTRAINT "supplier_registrations_financial_statement_id_uploaded_files_id_fk" FOREIGN KEY ("financial_statement_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_registrations" ADD CONSTRAINT "supplier_registrations_created_supplier_id_suppliers_id_fk" FOREIGN KEY ("created_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_registrations" ADD CONSTRAINT "supplier_registrations_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_registrations_reference_key" ON "supplier_registrations" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "supplier_registrations_status_created_idx" ON "supplier_registrations" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_registrations_pending_nzbn_key" ON "supplier_registrations" USING btree ("nzbn") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_registrations_pending_abn_key" ON "supplier_registrations" USING btree ("abn") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_registrations_pending_acn_key" ON "supplier_registrations" USING btree ("acn") WHERE status = 'pending';