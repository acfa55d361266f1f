-- The directory's company search index takes new entries at once rather than in GIN's pending
-- list. That list is merged by (auto)vacuum, which PGlite has not: there it only grew, and past
-- a few hundred exhibitors the planner priced the index above reading the whole table (measured
-- on 5,000: index 979, table 186; once merged, index 57). Exhibitors are added a few at a time, so
-- writing the index directly costs nothing anyone sees. What the list holds now is merged here.
ALTER INDEX "users_company_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('users_company_trgm'::regclass);
