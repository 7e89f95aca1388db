-- The team's reasons, kept where the supplier's people read them (issue 27, item 7): why a
-- requested service was declined, and why a supplier is suspended (cleared when reinstated).
ALTER TABLE "suppliers" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "application_services" ADD COLUMN "decline_reason" text;