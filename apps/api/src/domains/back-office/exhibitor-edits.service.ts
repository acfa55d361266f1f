import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_ROLE_ID,
  normalizeEmail,
  normalizePhone,
  type ExhibitorAccountForm,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { demandesExposants, halls, media, registrations, users } from '../../db/schema';
import { badRequest, isUniqueViolation } from '../../lib/errors';
import { closeFormerAddressLinks } from '../exhibitor-area/email-change.service';
import { recordAudit } from '../audit/audit.service';
import { getExhibitor } from './exhibitor-accounts.service';
import { currentEdition } from '../show/current-edition';

/** An exhibitor's account as the organisers create and change it. */

const emailTaken = () =>
  badRequest('Données invalides.', { errors: [{ path: ['body', 'email'], message: 'emailTaken' }] });

/**
 * An e-mail is one live account's; a phone is contact data, which accounts may share (decision
 * 027). A person known only as a visitor becomes the exhibitor (keeping the visitor
 * registration), as a collaborator does.
 */
async function checkAccount(tx: Tx, form: ExhibitorAccountForm, exceptId?: number) {
  const email = normalizeEmail(form.email);
  const phone = normalizePhone(form.phone);
  const [sameEmail] = await tx
    .select({ id: users.id, type: users.type })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        isNull(users.deletedAt),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  if (sameEmail && (sameEmail.type !== 'visitor' || exceptId)) throw emailTaken();
  return { email, phone, visitorId: sameEmail?.id };
}

async function checkReferences(tx: Tx, form: ExhibitorAccountForm) {
  if (form.gateId) {
    const [gate] = await tx.select({ id: halls.id }).from(halls).where(eq(halls.id, form.gateId));
    if (!gate)
      throw badRequest('Données invalides.', { errors: [{ path: ['body', 'gateId'], message: 'unknownHall' }] });
  }
  if (form.logoId) {
    const [logo] = await tx.select({ mime: media.mime }).from(media).where(eq(media.id, form.logoId));
    if (!logo?.mime.startsWith('image/'))
      throw badRequest('Données invalides.', { errors: [{ path: ['body', 'logoId'], message: 'unknownImage' }] });
  }
}

const accountFields = (form: ExhibitorAccountForm, email: string, phone: string | null) => ({
  company: form.company,
  name: form.name,
  email,
  username: email,
  phone: form.phone,
  phoneNormalized: phone,
  secteurActivite: form.secteurActivite || null,
  pays: form.pays || null,
  adresse: form.adresse || null,
  avatarId: form.logoId ?? null,
});

/** Runs a write, turning the unique indexes' last word into the form's field error. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export function createExhibitor(db: Db, now: Date, organiserId: number, form: ExhibitorAccountForm) {
  return guarded(() => db.transaction((tx) => createExhibitorIn(tx, now, organiserId, form)));
}

/**
 * An exhibitor's account made in the caller's transaction: the back-office's form, and a paid
 * stand's booking (stand-sales), make the same records. `audited` names who made it ('POST
 * /admin/exhibitors' by default).
 */
export async function createExhibitorIn(
  tx: Tx,
  now: Date,
  organiserId: number,
  form: ExhibitorAccountForm & { language?: string },
  action = 'POST /admin/exhibitors',
) {
  const { email, phone, visitorId } = await checkAccount(tx, form);
  await checkReferences(tx, form);
  let enquiry: typeof demandesExposants.$inferSelect | undefined;
  if (form.enquiryId) {
    [enquiry] = await tx.select().from(demandesExposants).where(eq(demandesExposants.id, form.enquiryId));
    if (!enquiry) throw badRequest('Demande introuvable.');
    if (enquiry.exhibitorId) throw badRequest('Cette demande a déjà été convertie en exposant.');
  }
  const fields = { ...accountFields(form, email, phone), type: 'exhibitor' as const, exhibitorId: null };
  const [user] = visitorId
    ? await tx.update(users).set(fields).where(eq(users.id, visitorId)).returning({ id: users.id })
    : await tx
        .insert(users)
        .values({
          ...fields,
          roleId: DEFAULT_ROLE_ID,
          confirmed: true,
          language: enquiry?.language ?? form.language ?? DEFAULT_LANGUAGE,
        })
        .returning({ id: users.id });
  await tx.insert(registrations).values({
    eventId: currentEdition,
    userId: user!.id,
    type: 'exhibitor',
    confirmed: false,
    gateId: form.gateId ?? null,
    booth: form.booth || null,
  });
  if (enquiry) {
    await tx
      .update(demandesExposants)
      .set({ status: 'converti', exhibitorId: user!.id, handledAt: now })
      .where(eq(demandesExposants.id, enquiry.id));
  }
  const after = await getExhibitor(tx, user!.id);
  await recordAudit(tx, {
    userId: organiserId,
    action,
    resource: 'exhibitors',
    recordId: user!.id,
    before: enquiry ? { enquiryId: enquiry.id, status: enquiry.status } : {},
    after,
  });
  return after;
}

/** Hall and stand are the exhibitor's registration's; its collaborators' registrations copy them. */
export function updateExhibitor(db: Db, now: Date, organiserId: number, id: number, form: ExhibitorAccountForm) {
  return guarded(() =>
    db.transaction(async (tx) => {
      const before = await getExhibitor(tx, id);
      const { email, phone } = await checkAccount(tx, form, id);
      await checkReferences(tx, form);
      const [former] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
      const moved = normalizeEmail(former?.email ?? '') !== email;
      await tx
        .update(users)
        .set({
          ...accountFields(form, email, phone),
          // A corrected address ends the sessions opened with the former one.
          ...(moved && { tokenVersion: sql`${users.tokenVersion} + 1` }),
        })
        .where(eq(users.id, id));
      if (moved) await closeFormerAddressLinks(tx, id, now);
      await tx
        .update(users)
        .set({ company: form.company })
        .where(and(eq(users.exhibitorId, id), eq(users.type, 'collaborator')));
      const place = { gateId: form.gateId ?? null, booth: form.booth || null };
      await tx.update(registrations).set(place).where(eq(registrations.id, before.registrationId));
      await tx
        .update(registrations)
        .set(place)
        .where(
          and(
            eq(registrations.eventId, currentEdition),
            eq(registrations.type, 'collaborator'),
            inArray(registrations.userId, tx.select({ id: users.id }).from(users).where(eq(users.exhibitorId, id))),
          ),
        );
      const after = await getExhibitor(tx, id);
      await recordAudit(tx, {
        userId: organiserId,
        action: 'PUT /admin/exhibitors/:id',
        resource: 'exhibitors',
        recordId: id,
        before,
        after,
      });
      return after;
    }),
  );
}
