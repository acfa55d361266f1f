-- 'Mes scans' filtered by follow-up and rating, counted and paged from this index alone: the
-- scanner (the own table) and the tags (the tag filter) ride along in INCLUDE, which drizzle's
-- schema cannot declare (src/db/schema/on-site.ts names the index's keys).
CREATE INDEX "scans_lead_filters" ON "scans" USING btree ("exhibitor_id","event_id","follow_up","rating","created_at","id") INCLUDE ("scanner_id","tags");
