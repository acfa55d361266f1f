ALTER TABLE "sectors" ADD COLUMN "name" jsonb;--> statement-breakpoint
ALTER TABLE "sectors" ADD COLUMN "description" jsonb;--> statement-breakpoint
UPDATE "sectors" SET "name" = jsonb_build_object('fr', "name_fr", 'en', "name_en"), "description" = jsonb_build_object('fr', "description_fr", 'en', "description_en");--> statement-breakpoint
ALTER TABLE "sectors" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sectors" ALTER COLUMN "description" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sectors" DROP CONSTRAINT "sectors_kind_name";--> statement-breakpoint
ALTER TABLE "sectors" DROP COLUMN "name_fr";--> statement-breakpoint
ALTER TABLE "sectors" DROP COLUMN "name_en";--> statement-breakpoint
ALTER TABLE "sectors" DROP COLUMN "description_fr";--> statement-breakpoint
ALTER TABLE "sectors" DROP COLUMN "description_en";--> statement-breakpoint
CREATE UNIQUE INDEX "sectors_kind_name" ON "sectors" USING btree ("kind",("name" ->> 'fr'));--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "title" jsonb;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "theme" jsonb;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "description" jsonb;--> statement-breakpoint
UPDATE "conferences" SET "title" = jsonb_build_object('fr', "title_fr", 'en', "title_en"), "theme" = jsonb_build_object('fr', "theme_fr", 'en', "theme_en"), "description" = jsonb_build_object('fr', "description_fr", 'en', "description_en");--> statement-breakpoint
ALTER TABLE "conferences" ALTER COLUMN "title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conferences" ALTER COLUMN "theme" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conferences" ALTER COLUMN "description" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "title_fr";--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "title_en";--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "theme_fr";--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "theme_en";--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "description_fr";--> statement-breakpoint
ALTER TABLE "conferences" DROP COLUMN "description_en";
