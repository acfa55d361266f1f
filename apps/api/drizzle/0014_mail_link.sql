ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_set_password_for_users_id_fk";
--> statement-breakpoint
ALTER TABLE "collaborator_invitations" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_changes" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "link" jsonb;--> statement-breakpoint
-- Set-password mails keep naming their person.
UPDATE "mail_outbox" SET "link" = jsonb_build_object('kind', 'setPassword', 'id', "set_password_for")
WHERE "set_password_for" IS NOT NULL;--> statement-breakpoint
-- Invitation and address-confirmation mails queued before this migration hold their secret in
-- clear: each is tied to its row by the secret's hash, then the secret is redacted. One already
-- sent keeps working for its recipient (the hash stays); one not sent yet gets a fresh secret.
UPDATE "mail_outbox" m SET "link" = jsonb_build_object('kind', 'invitation', 'id', i."id")
FROM "collaborator_invitations" i
WHERE m."kind" = 'collaboratorInvitation'
  AND i."token_hash" = encode(sha256(convert_to((regexp_match(m."text", 'invitation-collaborateur\?token=([A-Za-z0-9_-]+)'))[1], 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "mail_outbox" m SET "link" = jsonb_build_object('kind', 'emailChange', 'id', c."id")
FROM "email_changes" c
WHERE m."kind" = 'emailChange'
  AND c."token_hash" = encode(sha256(convert_to((regexp_match(m."text", 'confirmer-email\?token=([A-Za-z0-9_-]+)'))[1], 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "mail_outbox"
SET "text" = regexp_replace("text", '(invitation-collaborateur|confirmer-email)\?token=[A-Za-z0-9_-]+', '\1?token=[lien masqué / link redacted]', 'g'),
    "html" = regexp_replace("html", '(invitation-collaborateur|confirmer-email)\?token=[A-Za-z0-9_-]+', '\1?token=[lien masqué / link redacted]', 'g')
WHERE "kind" IN ('collaboratorInvitation', 'emailChange');--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "set_password_for";
