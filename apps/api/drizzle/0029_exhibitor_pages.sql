CREATE TABLE "conference_exhibitors" (
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "conference_exhibitors_conference_id_user_id_pk" PRIMARY KEY("conference_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exhibitor_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"description_fr" text,
	"description_en" text,
	"sector_ids" integer[] DEFAULT '{}' NOT NULL,
	"brands" text[] DEFAULT '{}' NOT NULL,
	"website" text,
	"linkedin" text,
	"facebook" text,
	"instagram" text,
	"youtube" text,
	"x" text,
	"document_ids" integer[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conference_exhibitors" ADD CONSTRAINT "conference_exhibitors_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_exhibitors" ADD CONSTRAINT "conference_exhibitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_profiles" ADD CONSTRAINT "exhibitor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conference_exhibitors_user" ON "conference_exhibitors" USING btree ("user_id");