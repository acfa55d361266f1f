CREATE TABLE "collaborator_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"job_position" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"before" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborator_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "collaborator_invitations" ADD CONSTRAINT "collaborator_invitations_exhibitor_id_users_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_invitations" ADD CONSTRAINT "collaborator_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collaborator_invitations_open" ON "collaborator_invitations" USING btree ("exhibitor_id","user_id") WHERE "collaborator_invitations"."accepted_at" is null and "collaborator_invitations"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "collaborator_invitations_user" ON "collaborator_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_changes_user" ON "email_changes" USING btree ("user_id");