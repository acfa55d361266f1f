ALTER TABLE "exhibitor_profiles" ADD COLUMN "visitor_contact_name" text;--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" ADD COLUMN "visitor_contact_email" text;--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" ADD COLUMN "visitor_contact_phone" text;--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" ADD COLUMN "visitor_document_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "do_not_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" ADD CONSTRAINT "exhibitor_profiles_visitor_document_id_media_id_fk" FOREIGN KEY ("visitor_document_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;