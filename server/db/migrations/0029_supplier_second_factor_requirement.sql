-- A supplier's admins can ask everyone who works for it to sign in with a second factor (issue 29).
ALTER TABLE "suppliers" ADD COLUMN "require_second_factor" boolean DEFAULT false NOT NULL;
