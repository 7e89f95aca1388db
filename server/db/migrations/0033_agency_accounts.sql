-- Agency accounts (issue 31): an approved agency has members, as a supplier does, and an
-- invitation is to a supplier or to an agency, exactly one of the two. agency_memberships.is_active
-- marks the agency a person acts for (at most one per person); choosing a supplier clears it.
CREATE TABLE "agency_memberships" (
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_memberships_agency_id_user_id_pk" PRIMARY KEY("agency_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "supplier_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "agency_memberships" ADD CONSTRAINT "agency_memberships_agency_id_agency_applications_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_memberships" ADD CONSTRAINT "agency_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_memberships_user_idx" ON "agency_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_memberships_one_active_key" ON "agency_memberships" USING btree ("user_id") WHERE "agency_memberships"."is_active";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_agency_id_agency_applications_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_agency_email_idx" ON "invitations" USING btree ("agency_id",lower("email"));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_one_organisation" CHECK (num_nonnulls("invitations"."supplier_id", "invitations"."agency_id") = 1);