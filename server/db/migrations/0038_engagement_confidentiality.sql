-- Either side of an engagement may keep it out of open data (issue 32): the supplier's and the
-- agency's reasons, null while neither asked.
ALTER TABLE "engagement_notices" ADD COLUMN "supplier_confidential_reason" text;--> statement-breakpoint
ALTER TABLE "engagement_notices" ADD COLUMN "agency_confidential_reason" text;