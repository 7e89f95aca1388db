-- The bytes each client address has uploaded through the public registration form (issue 29,
-- item 5): claimed before the bytes are stored, counted over the last day against a budget, and
-- removed by the registration upload sweep once older than that.
CREATE TABLE "upload_byte_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_byte_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_byte_claims_client_idx" ON "upload_byte_claims" USING btree ("client_key","claimed_at");--> statement-breakpoint
CREATE INDEX "upload_byte_claims_claimed_at_idx" ON "upload_byte_claims" USING btree ("claimed_at");
