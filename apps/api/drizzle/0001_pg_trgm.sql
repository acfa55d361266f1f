-- Trigram matching for the exhibitor directory's company search (users_company_trgm, next
-- migration). pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
