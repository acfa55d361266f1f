ALTER TABLE "scans" DROP CONSTRAINT "scans_once_a_day";--> statement-breakpoint
DROP INDEX "scans_scanner";--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "exhibitor_id" integer;--> statement-breakpoint
-- Existing scans: the exhibitor whose invitation the scanner had accepted by then and not yet left,
-- else the one it is (or is a collaborator of) now, else the last invitation it had accepted.
UPDATE "scans" SET "exhibitor_id" = coalesce(
  (SELECT i."exhibitor_id" FROM "collaborator_invitations" i
     WHERE i."user_id" = "scans"."scanner_id" AND i."accepted_at" <= "scans"."created_at"
       AND (i."ended_at" IS NULL OR i."ended_at" > "scans"."created_at")
     ORDER BY i."accepted_at" DESC LIMIT 1),
  (SELECT CASE WHEN u."type" = 'exhibitor' THEN u."id" WHEN u."type" = 'collaborator' THEN u."exhibitor_id" END
     FROM "users" u WHERE u."id" = "scans"."scanner_id"),
  (SELECT i."exhibitor_id" FROM "collaborator_invitations" i
     WHERE i."user_id" = "scans"."scanner_id" AND i."accepted_at" <= "scans"."created_at"
     ORDER BY i."accepted_at" DESC LIMIT 1),
  "scans"."scanner_id"
);--> statement-breakpoint
ALTER TABLE "scans" ALTER COLUMN "exhibitor_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_exhibitor_id_users_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scans_exhibitor" ON "scans" USING btree ("exhibitor_id","event_id","created_at","id","scanner_id");--> statement-breakpoint
CREATE INDEX "scans_scanner" ON "scans" USING btree ("scanner_id","exhibitor_id","event_id","created_at","id");--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_once_a_day" UNIQUE("scanner_id","scanned_id","scan_day","exhibitor_id");