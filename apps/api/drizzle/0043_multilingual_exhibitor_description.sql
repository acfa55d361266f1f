ALTER TABLE "exhibitor_profiles" ADD COLUMN "description" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "exhibitor_profiles" SET "description" = jsonb_build_object('fr', "description_fr", 'en', "description_en");--> statement-breakpoint
UPDATE "exhibitor_profiles" SET "pending" = ("pending" - 'descriptionFr' - 'descriptionEn') || jsonb_build_object('description', jsonb_build_object('fr', "pending" -> 'descriptionFr', 'en', "pending" -> 'descriptionEn')) WHERE jsonb_typeof("pending") = 'object';--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" DROP COLUMN "description_fr";--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" DROP COLUMN "description_en";
