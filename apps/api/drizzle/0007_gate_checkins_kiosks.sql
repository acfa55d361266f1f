CREATE TYPE "public"."gate_refusal" AS ENUM('invalid', 'otherEvent', 'revoked', 'closed');--> statement-breakpoint
CREATE TABLE "kiosk_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"enabled_by" integer,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP INDEX "checkins_registration";--> statement-breakpoint
ALTER TABLE "checkins" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "checkin_day" date;--> statement-breakpoint
UPDATE "checkins" SET "checkin_day" = ("scanned_at" AT TIME ZONE 'Africa/Casablanca')::date;--> statement-breakpoint
ALTER TABLE "checkins" ALTER COLUMN "checkin_day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "reason" "gate_refusal";--> statement-breakpoint
ALTER TABLE "kiosk_sessions" ADD CONSTRAINT "kiosk_sessions_enabled_by_users_id_fk" FOREIGN KEY ("enabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkins_day_gate" ON "checkins" USING btree ("checkin_day","gate_id");--> statement-breakpoint
CREATE INDEX "checkins_created" ON "checkins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "checkins_registration" ON "checkins" USING btree ("registration_id","checkin_day");