ALTER TABLE "scans" ADD COLUMN "scan_day" date;--> statement-breakpoint
UPDATE "scans" SET "scan_day" = ("created_at" AT TIME ZONE 'Africa/Casablanca')::date;--> statement-breakpoint
ALTER TABLE "scans" ALTER COLUMN "scan_day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_once_a_day" UNIQUE("scanner_id","scanned_id","scan_day");
