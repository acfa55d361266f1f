-- The directory's order, lower(company) then id: a page without a company search walks this
-- index and stops at the page's end, instead of sorting every listed exhibitor (measured on
-- 5,000: the statement took 15 ms on PostgreSQL, 8 ms with the index and its matches not materialized).
CREATE INDEX "users_company_order" ON "users" USING btree (lower("company"),"id") WHERE "users"."deleted_at" is null;
