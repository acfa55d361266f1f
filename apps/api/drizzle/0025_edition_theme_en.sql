ALTER TABLE "events" ADD COLUMN "theme_en" text;--> statement-breakpoint
-- The 2024 edition's theme in English, as the site printed it before it came from the data.
UPDATE "events" SET "theme_en" = 'Building tomorrow''s Morocco: Horizon 2030'
  WHERE "id" = 7 AND "theme" = 'Construire le Maroc de demain : Horizon 2030' AND "theme_en" IS NULL;
