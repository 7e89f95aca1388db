-- The compiled release of each contracting process of 100 releases or more (a framework's), kept
-- by the publisher so its record is read, not compiled, when asked for (issue 33). Such processes
-- published already get a row to be compiled: the publisher compiles rows without a compiled
-- release, a batch at a time.
CREATE TABLE "open_data_records" (
	"ocid" text PRIMARY KEY NOT NULL,
	"compiled_release" jsonb,
	"compiled_through" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_data_records_uncompiled_idx" ON "open_data_records" USING btree ("ocid") WHERE "open_data_records"."compiled_release" IS NULL;--> statement-breakpoint
INSERT INTO "open_data_records" ("ocid") SELECT "ocid" FROM "open_data_releases" GROUP BY "ocid" HAVING count(*) >= 100;
