DROP INDEX "scans_scanner";--> statement-breakpoint
CREATE INDEX "scans_scanner" ON "scans" USING btree ("scanner_id","event_id","created_at","id");