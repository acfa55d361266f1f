import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { rotatePassTokens } from '../badges/wallet/pass-updates';
import { asLanguage, langParam } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { mailOutbox, registrations, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { queueAccessMail } from '../auth/access.service';
import { participationConfirmedMail } from '../mail/edition-mails';
import { recordAudit } from '../audit/audit.service';
import { getExhibitor } from './exhibitor-accounts.service';
import { currentEdition } from '../show/current-edition';
import { loadEvent } from '../show/edition';
import { type MailLinks } from '../mail/links';

type Action = 'confirm' | 'resend-access' | 'deactivate' | 'reactivate';

/**
 * Confirming lists the exhibitor in the directory and sends its access link, or, to a returning
 * exhibitor with a password, word that it may sign in (once: a confirmed exhibitor is answered as it is); 'resend-access' sends a new link that closes the earlier ones;
 * deactivating blocks the exhibitor's and its collaborators' sign-in, ends their sessions and
 * revokes their badges, keeping every row; reactivating undoes it.
 */
/**
 * What a confirmed exhibitor is mailed: its access link, or, for a returning exhibitor that has a
 * password, 'Votre participation est confirmée' (sign in as usual, at the hall and stand assigned),
 * for the current edition.
 */
async function queueConfirmationMail(
  tx: Tx,
  ctx: MailLinks,
  id: number,
  place: { gate: string | null; booth: string | null },
) {
  const [person] = await tx
    .select({ name: users.name, email: users.email, language: users.language, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  if (!person?.passwordHash) return queueAccessMail(tx, ctx, id, 'access');
  const show = await loadEvent(tx);
  const lang = asLanguage(person.language);
  const mail = participationConfirmedMail(lang, {
    name: person.name,
    show,
    hall: place.gate,
    booth: place.booth,
    signInUrl: `${ctx.publicUrl}/login${langParam(lang, '?')}`,
  });
  await tx.insert(mailOutbox).values({ to: person.email, kind: 'participationConfirmed', ...mail });
}

/**
 * Confirms an exhibitor's participation in the current edition, in the caller's transaction: its
 * registration confirmed and the mail that says so (with its access when it has no password yet).
 * The back-office's 'Confirmer' and a paid stand's booking do the same.
 */
export async function confirmParticipationIn(
  tx: Tx,
  ctx: MailLinks,
  id: number,
  exhibitor: { registrationId: number; gate: string | null; booth: string | null },
) {
  await tx.update(registrations).set({ confirmed: true }).where(eq(registrations.id, exhibitor.registrationId));
  await queueConfirmationMail(tx, ctx, id, exhibitor);
}

export function actOnExhibitor(db: Db, ctx: MailLinks, organiserId: number, id: number, action: Action) {
  return db.transaction(async (tx) => {
    const before = await getExhibitor(tx, id);
    const team = tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.id, id), eq(users.exhibitorId, id)));
    let mailed = false;
    switch (action) {
      case 'confirm':
        if (before.status !== 'pending') return { record: before, mailed };
        await confirmParticipationIn(tx, ctx, id, before);
        mailed = true;
        break;
      case 'resend-access':
        if (before.status === 'deactivated') throw badRequest('Exposant désactivé : réactivez-le d’abord.');
        await queueAccessMail(tx, ctx, id, 'access');
        mailed = true;
        break;
      case 'deactivate':
        if (before.status === 'deactivated') return { record: before, mailed };
        await tx
          .update(users)
          .set({ blocked: true, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(and(inArray(users.id, team), isNull(users.deletedAt)));
        await tx
          .update(registrations)
          .set({ revokedAt: ctx.now() })
          .where(
            and(
              inArray(registrations.userId, team),
              eq(registrations.eventId, currentEdition),
              isNull(registrations.revokedAt),
            ),
          );
        break;
      case 'reactivate': {
        if (before.status !== 'deactivated') return { record: before, mailed };
        // An erased or deleted member of the team stays blocked, with the badge revoked.
        const living = tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(or(eq(users.id, id), eq(users.exhibitorId, id)), isNull(users.deletedAt), isNull(users.anonymisedAt)),
          );
        await tx.update(users).set({ blocked: false }).where(inArray(users.id, living));
        const restored = await tx
          .update(registrations)
          .set({ revokedAt: null })
          .where(
            and(
              inArray(registrations.userId, living),
              eq(registrations.eventId, currentEdition),
              isNotNull(registrations.revokedAt),
            ),
          )
          .returning({ id: registrations.id });
        // A copy of a pass from before the cancellation does not come back to life with the badge.
        await rotatePassTokens(
          tx,
          restored.map((r) => r.id),
        );
        break;
      }
    }
    const after = await getExhibitor(tx, id);
    await recordAudit(tx, {
      userId: organiserId,
      action: `POST /admin/exhibitors/:id/${action}`,
      resource: 'exhibitors',
      recordId: id,
      before,
      after: { ...after, ...(mailed ? { accessMail: 'queued' } : {}) },
    });
    return { record: after, mailed };
  });
}
