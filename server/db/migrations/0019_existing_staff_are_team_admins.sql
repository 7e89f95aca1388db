-- Team roles arrive with 0018: every existing team member keeps the power to manage the team, so an
-- installation is never left without a team admin. They joined the team when their user was made.
UPDATE "users" SET "is_team_admin" = true, "team_since" = "created_at" WHERE "is_staff";
