-- The open data (issue 32): the OCDS releases the portal published, immutable, appended by one
-- publisher at a time so the feed pages by sequence without missing one; and the daily bulk files.
CREATE TABLE "open_data_bulk_files" (
	"day" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"release_count" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_data_releases" (
	"sequence" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_data_releases_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"release_id" text NOT NULL,
	"ocid" text NOT NULL,
	"source" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"release" jsonb NOT NULL,
	CONSTRAINT "open_data_releases_release_id_unique" UNIQUE("release_id"),
	CONSTRAINT "open_data_releases_source_unique" UNIQUE("source")
);
--> statement-breakpoint
CREATE INDEX "open_data_releases_ocid_idx" ON "open_data_releases" USING btree ("ocid","sequence");