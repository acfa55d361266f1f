CREATE TABLE "kiosk_lookup_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kiosk_sessions" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;