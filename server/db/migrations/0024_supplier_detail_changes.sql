-- A business number belongs to one supplier, and a supplier admin's change of legal name, NZBN, ABN
-- or ACN waits for the marketplace team's review (issue 29, item 4).
--
-- Numbers are compared as their digits (older rows may hold "51 824 753 556"). A live database may
-- already hold two suppliers with one number (the finding: a supplier admin copied another's). The
-- unique indexes would then fail, so before them each number stays with one supplier (an approved
-- one first, then the earliest created) and is cleared from the others, each clearing written to
-- the audit log (action supplier.clear-duplicate-business-number, the number in "before") for the
-- team to follow up: that supplier's admin enters its own number again, which the team reviews.
WITH "numbered" AS (
  SELECT "id", "status", regexp_replace("nzbn", '[^0-9]', '', 'g') AS "digits" FROM "suppliers" WHERE regexp_replace(coalesce("nzbn", ''), '[^0-9]', '', 'g') <> ''
), "ranked" AS (
  SELECT "id", "digits", row_number() OVER (PARTITION BY "digits" ORDER BY ("status" = 'approved') DESC, "id") AS "rank" FROM "numbered"
), "cleared" AS (
  UPDATE "suppliers" SET "nzbn" = NULL FROM "ranked" WHERE "ranked"."id" = "suppliers"."id" AND "ranked"."rank" > 1 RETURNING "suppliers"."id", "ranked"."digits"
)
INSERT INTO "audit_log" ("action", "entity", "entity_id", "supplier_id", "before", "after")
SELECT 'supplier.clear-duplicate-business-number', 'supplier', "id"::text, "id", jsonb_build_object('nzbn', "digits"), jsonb_build_object('nzbn', NULL) FROM "cleared";--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", "status", regexp_replace("abn", '[^0-9]', '', 'g') AS "digits" FROM "suppliers" WHERE regexp_replace(coalesce("abn", ''), '[^0-9]', '', 'g') <> ''
), "ranked" AS (
  SELECT "id", "digits", row_number() OVER (PARTITION BY "digits" ORDER BY ("status" = 'approved') DESC, "id") AS "rank" FROM "numbered"
), "cleared" AS (
  UPDATE "suppliers" SET "abn" = NULL FROM "ranked" WHERE "ranked"."id" = "suppliers"."id" AND "ranked"."rank" > 1 RETURNING "suppliers"."id", "ranked"."digits"
)
INSERT INTO "audit_log" ("action", "entity", "entity_id", "supplier_id", "before", "after")
SELECT 'supplier.clear-duplicate-business-number', 'supplier', "id"::text, "id", jsonb_build_object('abn', "digits"), jsonb_build_object('abn', NULL) FROM "cleared";--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", "status", regexp_replace("details"->>'acn', '[^0-9]', '', 'g') AS "digits" FROM "suppliers" WHERE regexp_replace(coalesce("details"->>'acn', ''), '[^0-9]', '', 'g') <> ''
), "ranked" AS (
  SELECT "id", "digits", row_number() OVER (PARTITION BY "digits" ORDER BY ("status" = 'approved') DESC, "id") AS "rank" FROM "numbered"
), "cleared" AS (
  UPDATE "suppliers" SET "details" = "suppliers"."details" - 'acn' FROM "ranked" WHERE "ranked"."id" = "suppliers"."id" AND "ranked"."rank" > 1 RETURNING "suppliers"."id", "ranked"."digits"
)
INSERT INTO "audit_log" ("action", "entity", "entity_id", "supplier_id", "before", "after")
SELECT 'supplier.clear-duplicate-business-number', 'supplier', "id"::text, "id", jsonb_build_object('acn', "digits"), jsonb_build_object('acn', NULL) FROM "cleared";--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_nzbn_key" ON "suppliers" USING btree (regexp_replace("nzbn", '[^0-9]', '', 'g')) WHERE regexp_replace("nzbn", '[^0-9]', '', 'g') <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_abn_key" ON "suppliers" USING btree (regexp_replace("abn", '[^0-9]', '', 'g')) WHERE regexp_replace("abn", '[^0-9]', '', 'g') <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_acn_key" ON "suppliers" USING btree (regexp_replace("details"->>'acn', '[^0-9]', '', 'g')) WHERE regexp_replace("details"->>'acn', '[^0-9]', '', 'g') <> '';--> statement-breakpoint
CREATE TABLE "supplier_detail_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_detail_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"requested_by_user_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
ALTER TABLE "supplier_detail_changes" ADD CONSTRAINT "supplier_detail_changes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_detail_changes" ADD CONSTRAINT "supplier_detail_changes_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_detail_changes" ADD CONSTRAINT "supplier_detail_changes_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_detail_changes_pending_supplier_key" ON "supplier_detail_changes" USING btree ("supplier_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_detail_changes_pending_nzbn_key" ON "supplier_detail_changes" USING btree (("after"->>'nzbn')) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_detail_changes_pending_abn_key" ON "supplier_detail_changes" USING btree (("after"->>'abn')) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_detail_changes_pending_acn_key" ON "supplier_detail_changes" USING btree (("after"->>'acn')) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "supplier_detail_changes_status_requested_idx" ON "supplier_detail_changes" USING btree ("status","requested_at");
