ALTER TABLE "galeries" ADD COLUMN "caption" jsonb;--> statement-breakpoint
UPDATE "galeries" SET "caption" = jsonb_build_object('fr', "caption_fr", 'en', "caption_en");--> statement-breakpoint
ALTER TABLE "galeries" ALTER COLUMN "caption" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "galeries" DROP COLUMN "caption_fr";--> statement-breakpoint
ALTER TABLE "galeries" DROP COLUMN "caption_en";
