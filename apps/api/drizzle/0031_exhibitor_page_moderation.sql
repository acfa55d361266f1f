ALTER TABLE "exhibitor_profiles" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "moderate_exhibitor_pages" boolean DEFAULT false NOT NULL;