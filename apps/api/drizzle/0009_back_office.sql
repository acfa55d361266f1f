CREATE TYPE "public"."enquiry_status" AS ENUM('nouveau', 'contacte', 'converti', 'refuse');--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"months" integer DEFAULT 24 NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demandes_exposants" ADD COLUMN "status" "enquiry_status" DEFAULT 'nouveau' NOT NULL;--> statement-breakpoint
ALTER TABLE "demandes_exposants" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "demandes_exposants" ADD COLUMN "exhibitor_id" integer;--> statement-breakpoint
ALTER TABLE "sib" ADD COLUMN "plan_pdf_id" integer;--> statement-breakpoint
ALTER TABLE "sib" ADD COLUMN "programme_pdf_id" integer;--> statement-breakpoint
ALTER TABLE "sib" ADD COLUMN "catalogue_pdf_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demandes_exposants" ADD CONSTRAINT "demandes_exposants_exhibitor_id_users_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sib" ADD CONSTRAINT "sib_plan_pdf_id_media_id_fk" FOREIGN KEY ("plan_pdf_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sib" ADD CONSTRAINT "sib_programme_pdf_id_media_id_fk" FOREIGN KEY ("programme_pdf_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sib" ADD CONSTRAINT "sib_catalogue_pdf_id_media_id_fk" FOREIGN KEY ("catalogue_pdf_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;