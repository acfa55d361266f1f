ALTER TABLE "events" ALTER COLUMN "theme" SET DATA TYPE jsonb USING jsonb_build_object('fr', "theme", 'en', "theme_en");--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "theme" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "theme" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "theme_en";
