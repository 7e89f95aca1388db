ALTER TABLE "catalogues" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "retired_at" timestamp with time zone;