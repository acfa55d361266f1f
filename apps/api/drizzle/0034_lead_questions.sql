CREATE TYPE "public"."lead_follow_up" AS ENUM('to_contact', 'contacted', 'no_follow_up');--> statement-breakpoint
CREATE TYPE "public"."lead_question_kind" AS ENUM('single', 'multiple', 'text');--> statement-breakpoint
CREATE TABLE "lead_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"scan_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"label" text NOT NULL,
	"kind" "lead_question_kind" NOT NULL,
	"choices" text[] DEFAULT '{}' NOT NULL,
	"text" text,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" "lead_question_kind" NOT NULL,
	"label" text NOT NULL,
	"choices" text[] DEFAULT '{}' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "follow_up" "lead_follow_up";--> statement-breakpoint
ALTER TABLE "lead_answers" ADD CONSTRAINT "lead_answers_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_answers" ADD CONSTRAINT "lead_answers_question_id_lead_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."lead_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_questions" ADD CONSTRAINT "lead_questions_exhibitor_id_users_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_answers_scan_question" ON "lead_answers" USING btree ("scan_id","question_id");--> statement-breakpoint
CREATE INDEX "lead_answers_question" ON "lead_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "lead_questions_exhibitor" ON "lead_questions" USING btree ("exhibitor_id","position");