-- The current edition is data: one row of events at most is current, and what the site
-- shows, registers and checks at the gates follows it. An install made before keeps the 2024
-- edition (id 7) current; one whose events table is still empty gets it when the seed writes it.
ALTER TABLE "events" ADD COLUMN "current" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_one_current" ON "events" USING btree ("current") WHERE "events"."current";--> statement-breakpoint
UPDATE "events" SET "current" = true WHERE "id" = 7;
