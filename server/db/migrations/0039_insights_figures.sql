-- The public insights' figures (issue 33), computed by a job from the published records and read
-- by the page: one row, replaced at each run.
CREATE TABLE "insights_figures" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
