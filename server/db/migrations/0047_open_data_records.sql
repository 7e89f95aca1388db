-- Each contracting process's compiled release, kept by the publisher so a record is read, not
-- compiled, when asked for (issue 33). The processes published already get a row to be compiled:
-- the publisher compiles rows without a compiled release, a batch at a time.
CREATE TABLE "open_data_records" (
	"ocid" text PRIMARY KEY NOT NULL,
	"compiled_release" jsonb,
	"compiled_through" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_data_records_uncompiled_idx" ON "open_data_records" USING btree ("ocid") WHERE "open_data_records"."compiled_release" IS NULL;--> statement-breakpoint
INSERT INTO "open_data_records" ("ocid") SELECT DISTINCT "ocid" FROM "open_data_releases";
