ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient" ON "mail_outbox" USING btree (lower("to"),"created_at");