CREATE TABLE "sign_in_sessions" (
	"session_uid" text PRIMARY KEY NOT NULL,
	"user_agent" text NOT NULL,
	"address" text,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
