ALTER TABLE "temoignages" ADD COLUMN "role" jsonb;--> statement-breakpoint
ALTER TABLE "temoignages" ADD COLUMN "quote" jsonb;--> statement-breakpoint
UPDATE "temoignages" SET "role" = jsonb_build_object('fr', "role_fr", 'en', "role_en"), "quote" = jsonb_build_object('fr', "quote_fr", 'en', "quote_en");--> statement-breakpoint
ALTER TABLE "temoignages" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "temoignages" ALTER COLUMN "quote" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "temoignages" DROP COLUMN "role_fr";--> statement-breakpoint
ALTER TABLE "temoignages" DROP COLUMN "role_en";--> statement-breakpoint
ALTER TABLE "temoignages" DROP COLUMN "quote_fr";--> statement-breakpoint
ALTER TABLE "temoignages" DROP COLUMN "quote_en";
