-- A phone is contact data, not an identifier (decision 027): exhibitor and collaborator accounts
-- may share one, and no answer tells whether a number is another account's.
DROP INDEX "users_phone_active";