-- Issue 33: the team's missing reports and "billed over its value" mismatch at ten times the
-- national scale. Both were worked out from every notice on every request (each notice's months
-- against its reports; each notice's reports summed); now the database keeps them as notices and
-- reports change: `missing_billing_reports` holds each sent notice's months without a sent report,
-- `engagement_notices.billed_cents` what its sent reports add up to. The rule of both is
-- `reporting_refresh_notices` below, and server/modules/reporting/missing-reports.ts reads it.
-- And indexes in the order the team's long lists read (bench/README.md, `npm run bench:lists`):
-- notices by their last change, reports by month and by the agency's answer, listings by status
-- and time waiting.
CREATE TABLE "missing_billing_reports" (
	"engagement_notice_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"billing_period" text NOT NULL,
	CONSTRAINT "missing_billing_reports_engagement_notice_id_billing_period_pk" PRIMARY KEY("engagement_notice_id","billing_period")
);
--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD COLUMN "billed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "missing_billing_reports" ADD CONSTRAINT "missing_billing_reports_engagement_notice_id_engagement_notices_id_fk" FOREIGN KEY ("engagement_notice_id") REFERENCES "public"."engagement_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_billing_reports" ADD CONSTRAINT "missing_billing_reports_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "missing_billing_reports_period_idx" ON "missing_billing_reports" USING btree ("billing_period","supplier_id","engagement_notice_id");--> statement-breakpoint
CREATE INDEX "missing_billing_reports_supplier_idx" ON "missing_billing_reports" USING btree ("supplier_id","billing_period","engagement_notice_id");--> statement-breakpoint
CREATE INDEX "billing_reports_team_idx" ON "billing_reports" USING btree ("status","billing_period","id");--> statement-breakpoint
CREATE INDEX "billing_reports_answer_idx" ON "billing_reports" USING btree ("agency_response","status","billing_period","id");--> statement-breakpoint
CREATE INDEX "engagement_notices_team_idx" ON "engagement_notices" USING btree ("last_edited","id","status");--> statement-breakpoint
CREATE INDEX "engagement_notices_over_value_idx" ON "engagement_notices" USING btree ("last_edited","id") WHERE "engagement_notices"."status" = 'submitted' AND "engagement_notices"."value_cents" IS NOT NULL AND "engagement_notices"."billed_cents" > "engagement_notices"."value_cents";--> statement-breakpoint
CREATE INDEX "service_listings_team_idx" ON "service_listings" USING btree ("status","submitted_at","id");--> statement-breakpoint
DROP INDEX "service_listings_status_idx";
--> statement-breakpoint

-- Rebuilds what the given notices owe and have billed: their months without a sent report (every
-- month from the start date's to the end date's while the notice is sent; none otherwise) and the
-- sum of their sent reports. Safe to call for any ids, existing or not.
CREATE FUNCTION reporting_refresh_notices(notice_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF notice_ids IS NULL OR cardinality(notice_ids) = 0 THEN
    RETURN;
  END IF;
  -- Two transactions changing one notice's reports would each read only their own change: take the
  -- notices in turn (NO KEY UPDATE leaves the reports' foreign-key checks alone). Each statement
  -- below takes a new snapshot, so it sees what the other transaction committed.
  PERFORM 1 FROM engagement_notices WHERE id = ANY (notice_ids) ORDER BY id FOR NO KEY UPDATE;

  UPDATE engagement_notices n SET billed_cents = t.billed
  FROM (
    SELECT n2.id, coalesce((SELECT sum(r.amount_cents) FROM billing_reports r
                            WHERE r.engagement_notice_id = n2.id AND r.status = 'submitted'), 0) AS billed
    FROM engagement_notices n2 WHERE n2.id = ANY (notice_ids)
  ) t
  WHERE n.id = t.id AND n.billed_cents <> t.billed;

  DELETE FROM missing_billing_reports WHERE engagement_notice_id = ANY (notice_ids);
  INSERT INTO missing_billing_reports (engagement_notice_id, supplier_id, billing_period)
  SELECT n.id, n.supplier_id, m.period
  FROM engagement_notices n
  CROSS JOIN LATERAL (
    SELECT to_char(month, 'YYYY-MM') AS period
    FROM generate_series(to_date(left(n.start_date, 7), 'YYYY-MM'), to_date(left(n.end_date, 7), 'YYYY-MM'), interval '1 month') AS month
  ) m
  WHERE n.id = ANY (notice_ids) AND n.status = 'submitted'
    AND NOT EXISTS (SELECT 1 FROM billing_reports r
                    WHERE r.engagement_notice_id = n.id AND r.billing_period = m.period AND r.status = 'submitted');
END
$$;
--> statement-breakpoint

-- Notices: a new sent notice, or a change of what the rule reads (status, dates, supplier). The
-- refresh's own change of billed_cents passes through without refreshing again.
CREATE FUNCTION reporting_notices_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_refresh_notices(ARRAY(SELECT id FROM new_rows WHERE status = 'submitted'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reporting_notices_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_refresh_notices(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status, n.start_date, n.end_date, n.supplier_id) IS DISTINCT FROM (o.status, o.start_date, o.end_date, o.supplier_id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_notices_inserted AFTER INSERT ON engagement_notices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_notices_inserted();
--> statement-breakpoint
CREATE TRIGGER reporting_notices_updated AFTER UPDATE ON engagement_notices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_notices_updated();
--> statement-breakpoint

-- Reports. A new sent report only adds: its amount to its notice's total, its month off the
-- missing ones (the bulk loads of the benchmarks insert millions this way). A change or a removal
-- refreshes the notices on both sides of it.
CREATE FUNCTION reporting_reports_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE engagement_notices n SET billed_cents = n.billed_cents + t.amount
  FROM (SELECT engagement_notice_id AS id, coalesce(sum(amount_cents), 0) AS amount
        FROM new_rows WHERE status = 'submitted' AND engagement_notice_id IS NOT NULL GROUP BY engagement_notice_id) t
  WHERE n.id = t.id AND t.amount <> 0;
  DELETE FROM missing_billing_reports m USING new_rows r
  WHERE r.status = 'submitted' AND m.engagement_notice_id = r.engagement_notice_id AND m.billing_period = r.billing_period;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reporting_reports_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_refresh_notices(ARRAY(
    SELECT unnest(ARRAY[n.engagement_notice_id, o.engagement_notice_id])
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status, n.billing_period, n.amount_cents, n.engagement_notice_id)
          IS DISTINCT FROM (o.status, o.billing_period, o.amount_cents, o.engagement_notice_id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reporting_reports_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_refresh_notices(ARRAY(SELECT DISTINCT engagement_notice_id FROM old_rows WHERE status = 'submitted'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_reports_inserted AFTER INSERT ON billing_reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_reports_inserted();
--> statement-breakpoint
CREATE TRIGGER reporting_reports_updated AFTER UPDATE ON billing_reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_reports_updated();
--> statement-breakpoint
CREATE TRIGGER reporting_reports_deleted AFTER DELETE ON billing_reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_reports_deleted();
--> statement-breakpoint

-- What is there already.
SELECT reporting_refresh_notices(ARRAY(SELECT id FROM engagement_notices WHERE status = 'submitted'));