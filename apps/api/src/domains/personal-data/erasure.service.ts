import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  auditLog,
  collaboratorInvitations,
  contactMessagePersonalColumns,
  contactMessages,
  demandesExposants,
  emailChanges,
  enquiryPersonalColumns,
  leadAnswers,
  mailOutbox,
  newsletterPersonalColumns,
  newsletters,
  personalColumns,
  personalTraceColumns,
  registrations,
  scanPersonalColumns,
  scans,
  tokens,
  users,
} from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { markDevicesErased } from '../badges/wallet/pass-updates';
import { getPerson } from './people.service';
import { mailsOf, PERSON_RESOURCES, sameEmail } from './personal-data.service';

/**
 * The erasure of one person under the personal-data law. It anonymises rather than deletes: the
 * scans of an erased visitor stay, so that exhibitors keep their counts, but nothing in them names
 * the person.
 */

export const ERASED_NAME = 'Personne supprimée';
export const erasedEmail = (id: number) => `supprime-${id}@invalid`;

/**
 * What an erasure writes over these columns of a person's own data: null, where the caller names
 * no other value. A column that takes no null must be named (drizzle's `set` refuses null there),
 * so a personal column added to a table's declaration is erased by construction.
 */
const erased = <K extends string>(columns: Record<K, unknown>) =>
  Object.fromEntries(Object.keys(columns).map((key) => [key, null])) as Record<K, null>;

/**
 * Fields an audit entry may hold about a person (the records of a person and of an enquiry);
 * erasure removes them from earlier entries.
 */
const PERSONAL_KEYS = [...new Set([...Object.keys(personalColumns), ...Object.keys(enquiryPersonalColumns)])];
const personalKeys = sql`array[${sql.join(
  PERSONAL_KEYS.map((k) => sql`${k}`),
  sql`, `,
)}]::text[]`;

/** An outbox row whose .eml file must go once the erasure is committed. */
export interface MailFile {
  id: number;
  createdAt: Date;
}

/**
 * Anonymises one person, in the caller's transaction: personal fields, every registration
 * revoked (their Wallet passes voided), notes on scans of them, their newsletter, enquiry and contact rows and the mails
 * addressed to them. Answers the mails whose .eml files are to be deleted after the commit.
 */
export async function anonymise(tx: Tx, id: number, now: Date): Promise<MailFile[] | null> {
  // The row lock makes a second erasure of the same person (a double click, the retention job)
  // wait for the first, then find the person already erased.
  const [user] = await tx
    .select({ email: users.email, type: users.type, anonymisedAt: users.anonymisedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!user) throw notFound('Personne introuvable.');
  if (user.anonymisedAt) return null;
  const email = user.email;
  const replacement = erasedEmail(id);
  await tx
    .update(users)
    .set({
      ...erased(personalColumns),
      ...erased(personalTraceColumns),
      name: ERASED_NAME,
      email: replacement,
      username: replacement,
      passwordHash: '',
      blocked: true,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      anonymisedAt: now,
      // An erased collaborator leaves its exhibitor's team, as a deleted one does.
      ...(user.type === 'collaborator' ? { deletedAt: sql`coalesce(${users.deletedAt}, ${now.toISOString()})` } : {}),
    })
    .where(eq(users.id, id));
  await tx.delete(tokens).where(eq(tokens.userId, id));
  // What an exhibitor typed to invite the person (name, position, e-mail, phone), and the
  // addresses the person asked to move to: both name the person, and neither is needed once erased.
  await tx.delete(collaboratorInvitations).where(eq(collaboratorInvitations.userId, id));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, id));
  await tx
    .update(registrations)
    .set({ revokedAt: now })
    .where(and(eq(registrations.userId, id), isNull(registrations.revokedAt)));
  // Phones holding the person's Wallet passes get them voided, then are forgotten.
  await markDevicesErased(tx, id, now);
  // 'Ma visite' kept with a badge says what the person meant to see.
  await tx.update(registrations).set({ visit: null }).where(eq(registrations.userId, id));
  // The scans stay (exhibitors keep their counts); what the exhibitor wrote about the person goes.
  await tx
    .update(scans)
    .set({ ...erased(scanPersonalColumns), tags: [] })
    .where(eq(scans.scannedId, id));
  await tx
    .delete(leadAnswers)
    .where(inArray(leadAnswers.scanId, tx.select({ id: scans.id }).from(scans).where(eq(scans.scannedId, id))));
  await tx
    .update(newsletters)
    .set({
      ...erased(newsletterPersonalColumns),
      email: replacement,
      unsubscribedAt: sql`coalesce(${newsletters.unsubscribedAt}, ${now.toISOString()})`,
    })
    .where(sameEmail(newsletters.email, email));
  const enquiries = await tx
    .update(demandesExposants)
    .set({ ...erased(enquiryPersonalColumns), nom: ERASED_NAME, email: replacement, telephone: '' })
    .where(sameEmail(demandesExposants.email, email))
    .returning({ id: demandesExposants.id });
  await tx
    .update(contactMessages)
    .set({
      ...erased(contactMessagePersonalColumns),
      name: ERASED_NAME,
      email: replacement,
      phone: '',
      message: '[supprimé]',
    })
    .where(sameEmail(contactMessages.email, email));
  const mails = await tx
    .update(mailOutbox)
    .set({ to: replacement, text: '[supprimé]', html: null, headers: null, attachments: null, lastError: null })
    .where(sameEmail(mailOutbox.to, email))
    .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
  // The organisers' copies of their contact message or enquiry keep their recipient, not the text.
  const copies = await tx
    .update(mailOutbox)
    .set({ subject: '[supprimé]', text: '[supprimé]', html: null, headers: null, attachments: null })
    .where(mailsOf(email))
    .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
  // A mail not sent yet never leaves for the placeholder address.
  await tx
    .update(mailOutbox)
    .set({ status: 'failed', lastError: 'Destinataire supprimé (données personnelles effacées).' })
    .where(
      and(
        inArray(
          mailOutbox.id,
          mails.map((m) => m.id),
        ),
        or(eq(mailOutbox.status, 'pending'), eq(mailOutbox.status, 'failed')),
      ),
    );
  await tx
    .update(auditLog)
    .set({
      before: sql`case when jsonb_typeof(${auditLog.before}) = 'object' then ${auditLog.before} - ${personalKeys} else ${auditLog.before} end`,
      after: sql`case when jsonb_typeof(${auditLog.after}) = 'object' then ${auditLog.after} - ${personalKeys} else ${auditLog.after} end`,
    })
    .where(
      or(
        and(eq(auditLog.recordId, String(id)), inArray(auditLog.resource, PERSON_RESOURCES)),
        and(
          eq(auditLog.resource, 'enquiries'),
          inArray(
            auditLog.recordId,
            enquiries.map((e) => String(e.id)),
          ),
        ),
      ),
    );
  return [...mails, ...copies];
}

const EML_NAME = /^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z-(\d+)\.eml$/;

/**
 * Deletes the .eml files the file transport wrote for these outbox rows (every copy: a mail sent
 * twice has two). Files older than the row are another database's rows with the same id.
 */
export async function deleteMailFiles(dir: string, mails: MailFile[]): Promise<void> {
  if (!mails.length) return;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const since = new Map(mails.map((m) => [m.id, m.createdAt.getTime() - 60_000]));
  for (const name of names) {
    const m = EML_NAME.exec(name);
    const notBefore = m ? since.get(Number(m[5])) : undefined;
    if (!m || notBefore === undefined) continue;
    if (Date.parse(`${m[1]}:${m[2]}:${m[3]}.${m[4]}Z`) < notBefore) continue;
    await unlink(path.join(dir, name)).catch(() => undefined);
  }
}

/**
 * The back-office's erasure of one visitor or collaborator. Exhibitors are deactivated instead
 * (their company's data is not personal); organisers are not people this API shows.
 */
export async function erasePerson(db: Db, organiserId: number, id: number, now: Date, mailDir: string) {
  const { record, mails } = await db.transaction(async (tx) => {
    const before = await getPerson(tx, id);
    if (before.type !== 'visitor' && before.type !== 'collaborator') {
      throw badRequest(
        before.type === 'exhibitor'
          ? 'Un exposant ne peut pas être supprimé : désactivez-le depuis sa fiche.'
          : 'Seuls les visiteurs et les collaborateurs peuvent être supprimés.',
      );
    }
    const mails = before.anonymisedAt ? null : await anonymise(tx, id, now);
    if (!mails) throw new HttpError(409, 'Cette personne a déjà été supprimée.');
    const { type: _type, ...record } = await getPerson(tx, id);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'POST /admin/people/:id/erase',
      resource: 'people',
      recordId: id,
      // The record before, without what the erasure removes: the log must not keep it either.
      before: { id, type: before.type, badgeRevoked: before.badgeRevoked, anonymisedAt: null },
      after: record,
    });
    return { record, mails };
  });
  await deleteMailFiles(mailDir, mails);
  return record;
}
