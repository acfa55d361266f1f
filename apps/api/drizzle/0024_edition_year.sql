-- A past edition may be known by its year and figures only, as the specification gives 2003 to 2017:
-- its dates and city are the organiser's to add. Both dates or neither, in its
-- year; the current edition has its dates and city.
ALTER TABLE "events" ADD COLUMN "year" smallint;--> statement-breakpoint
UPDATE "events" SET "year" = extract(year from "starts_on");--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "starts_on" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "ends_on" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "city" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_dates" CHECK (("events"."starts_on" is null) = ("events"."ends_on" is null) and ("events"."starts_on" is null or extract(year from "events"."starts_on") = "events"."year"));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_current_dated" CHECK (not "events"."current" or ("events"."starts_on" is not null and "events"."city" is not null));
