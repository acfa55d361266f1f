import { and, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_ROLE_ID,
  EVENT_ID,
  normalizeEmail,
  normalizePhone,
  type EnquiryFollowUpForm,
  type ExhibitorAccountForm,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { demandesExposants, gates, media, registrations, scans, users } from '../../db/schema';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors';
import { queueAccessMail } from '../auth/access.service';
import { closeFormerAddressLinks } from '../exhibitor-area/email-change.service';
import { readPage, type ListQuery } from './admin-list';
import { recordAudit } from './audit.service';
import { containsPattern } from '../../lib/query-params';
import { loadMedia } from '../files/media.service';
import type { MailLinks } from '../registration/visitors.service';

/**
 * The organisers' side of exhibitors: from an enquiry to an account with a hall and a stand,
 * confirmed into the public directory with an access link, deactivated without losing anything.
 */

export type ExhibitorStatus = 'pending' | 'confirmed' | 'deactivated';
export const EXHIBITOR_STATUSES: readonly ExhibitorStatus[] = ['pending', 'confirmed', 'deactivated'];

const exhibitorRegistration = and(
  eq(registrations.userId, users.id),
  eq(registrations.eventId, EVENT_ID),
  eq(registrations.type, 'exhibitor'),
  isNull(registrations.conferenceId),
);

export const statusCondition = (status: ExhibitorStatus): SQL =>
  status === 'deactivated'
    ? eq(users.blocked, true)
    : and(eq(users.blocked, false), eq(registrations.confirmed, status === 'confirmed'))!;

export const searchCondition = (q: string): SQL => {
  const pattern = containsPattern(q);
  return or(ilike(users.company, pattern), ilike(users.name, pattern), ilike(users.email, pattern))!;
};

const columns = {
  id: users.id,
  company: users.company,
  name: users.name,
  email: users.email,
  phone: users.phone,
  secteurActivite: users.secteurActivite,
  pays: users.pays,
  adresse: users.adresse,
  logoId: users.avatarId,
  blocked: users.blocked,
  registrationId: registrations.id,
  confirmed: registrations.confirmed,
  gateId: registrations.gateId,
  gate: gates.name,
  booth: registrations.booth,
  createdAt: users.createdAt,
};

/** Collaborators (live ones) and scans (the exhibitor's and its collaborators', event 7) of each exhibitor. */
async function countsOf(db: Db | Tx, ids: number[]) {
  if (!ids.length) return new Map<number, { collaborators: number; scans: number }>();
  const [collaborators, scanned] = await Promise.all([
    db
      .select({ exhibitorId: users.exhibitorId, n: count() })
      .from(users)
      .where(and(inArray(users.exhibitorId, ids), eq(users.type, 'collaborator'), isNull(users.deletedAt)))
      .groupBy(users.exhibitorId),
    db
      .select({ exhibitorId: scans.exhibitorId, n: count() })
      .from(scans)
      .where(and(eq(scans.eventId, EVENT_ID), inArray(scans.exhibitorId, ids)))
      .groupBy(scans.exhibitorId),
  ]);
  const map = new Map(ids.map((id) => [id, { collaborators: 0, scans: 0 }]));
  for (const row of collaborators) if (row.exhibitorId) map.get(row.exhibitorId)!.collaborators = row.n;
  for (const row of scanned) {
    const entry = map.get(Number(row.exhibitorId));
    if (entry) entry.scans = row.n;
  }
  return map;
}

const isExhibitor = and(eq(users.type, 'exhibitor'), isNull(users.deletedAt));

type Row = Awaited<ReturnType<typeof exhibitorRows>>[number];
const exhibitorRows = (db: Db | Tx) =>
  db
    .select(columns)
    .from(users)
    .innerJoin(registrations, exhibitorRegistration)
    .leftJoin(gates, eq(gates.id, registrations.gateId))
    .$dynamic();

async function present(db: Db | Tx, rows: Row[]) {
  const [counts, logos] = await Promise.all([
    countsOf(
      db,
      rows.map((r) => r.id),
    ),
    loadMedia(
      db as Db,
      rows.map((r) => r.logoId),
    ),
  ]);
  return rows.map(({ blocked, confirmed, ...row }) => {
    return {
      ...row,
      status: blocked ? 'deactivated' : confirmed ? 'confirmed' : 'pending',
      logo: logos.get(row.logoId),
      ...counts.get(row.id)!,
    };
  });
}

export async function listExhibitors(db: Db, list: ListQuery) {
  const { rows, total } = await readPage(
    list,
    exhibitorRows(db),
    db.select({ n: count() }).from(users).innerJoin(registrations, exhibitorRegistration).$dynamic(),
    isExhibitor,
  );
  return { rows: await present(db, rows), total };
}

export async function getExhibitor(db: Db | Tx, id: number) {
  const [row] = await exhibitorRows(db).where(and(isExhibitor, eq(users.id, id)));
  if (!row) throw notFound('Exposant introuvable.');
  const [record] = await present(db, [row]);
  const collaboratorList = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      jobPosition: users.jobPosition,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      scans: count(scans.id),
    })
    .from(users)
    .leftJoin(scans, and(eq(scans.scannerId, users.id), eq(scans.exhibitorId, id), eq(scans.eventId, EVENT_ID)))
    .where(and(eq(users.exhibitorId, id), eq(users.type, 'collaborator')))
    .groupBy(users.id)
    .orderBy(users.name);
  return { ...record!, collaboratorList };
}

const taken = (field: 'email' | 'phone') =>
  badRequest('Données invalides.', {
    errors: [{ path: ['body', field], message: field === 'email' ? 'emailTaken' : 'phoneTaken' }],
  });

/**
 * An e-mail is one live account's; a phone is one exhibitor's or collaborator's. A person known
 * only as a visitor becomes the exhibitor (keeping the visitor registration), as a collaborator
 * does.
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
  if (sameEmail && (sameEmail.type !== 'visitor' || exceptId)) throw taken('email');
  if (phone) {
    const [samePhone] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.phoneNormalized, phone),
          isNull(users.deletedAt),
          inArray(users.type, ['exhibitor', 'collaborator']),
          exceptId ? ne(users.id, exceptId) : undefined,
        ),
      );
    if (samePhone) throw taken('phone');
  }
  return { email, phone, visitorId: sameEmail?.id };
}

async function checkReferences(tx: Tx, form: ExhibitorAccountForm) {
  if (form.gateId) {
    const [gate] = await tx.select({ id: gates.id }).from(gates).where(eq(gates.id, form.gateId));
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
    if (isUniqueViolation(error)) throw taken('email');
    throw error;
  }
}

export function createExhibitor(db: Db, now: Date, organiserId: number, form: ExhibitorAccountForm) {
  return guarded(() =>
    db.transaction(async (tx) => {
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
            .values({ ...fields, roleId: DEFAULT_ROLE_ID, confirmed: true, language: enquiry?.language ?? 'fr' })
            .returning({ id: users.id });
      await tx.insert(registrations).values({
        eventId: EVENT_ID,
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
        action: 'POST /admin/exhibitors',
        resource: 'exhibitors',
        recordId: user!.id,
        before: enquiry ? { enquiryId: enquiry.id, status: enquiry.status } : {},
        after,
      });
      return after;
    }),
  );
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
            eq(registrations.eventId, EVENT_ID),
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

type Action = 'confirm' | 'resend-access' | 'deactivate' | 'reactivate';

/**
 * Confirming lists the exhibitor in the directory and sends its access link (once: a confirmed
 * exhibitor is answered as it is); 'resend-access' sends a new link that closes the earlier ones;
 * deactivating blocks the exhibitor's and its collaborators' sign-in, ends their sessions and
 * revokes their badges, keeping every row; reactivating undoes it.
 */
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
        await tx.update(registrations).set({ confirmed: true }).where(eq(registrations.id, before.registrationId));
        await queueAccessMail(tx, ctx, id, 'access');
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
              eq(registrations.eventId, EVENT_ID),
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
        await tx
          .update(registrations)
          .set({ revokedAt: null })
          .where(
            and(
              inArray(registrations.userId, living),
              eq(registrations.eventId, EVENT_ID),
              isNotNull(registrations.revokedAt),
            ),
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

// ---- Enquiries ----------------------------------------------------------------------------------

const enquiryColumns = {
  id: demandesExposants.id,
  nom: demandesExposants.nom,
  email: demandesExposants.email,
  telephone: demandesExposants.telephone,
  societe: demandesExposants.societe,
  secteurActivite: demandesExposants.secteurActivite,
  message: demandesExposants.message,
  language: demandesExposants.language,
  status: demandesExposants.status,
  notes: demandesExposants.notes,
  exhibitorId: demandesExposants.exhibitorId,
  createdAt: demandesExposants.createdAt,
};

export function listEnquiries(db: Db, list: ListQuery) {
  return readPage(
    list,
    db.select(enquiryColumns).from(demandesExposants).$dynamic(),
    db.select({ n: count() }).from(demandesExposants).$dynamic(),
  );
}

export async function getEnquiry(db: Db | Tx, id: number) {
  const [row] = await db.select(enquiryColumns).from(demandesExposants).where(eq(demandesExposants.id, id));
  if (!row) throw notFound('Demande introuvable.');
  return row;
}

/** A converted enquiry stays 'converti': its exhibitor exists. */
export function followUpEnquiry(db: Db, now: Date, organiserId: number, id: number, form: EnquiryFollowUpForm) {
  return db.transaction(async (tx) => {
    const before = await getEnquiry(tx, id);
    if (before.exhibitorId && form.status !== 'converti')
      throw badRequest('Données invalides.', { errors: [{ path: ['body', 'status'], message: 'alreadyConverted' }] });
    await tx
      .update(demandesExposants)
      .set({ status: form.status, notes: form.notes || null, handledAt: form.status === 'nouveau' ? null : now })
      .where(eq(demandesExposants.id, id));
    const after = await getEnquiry(tx, id);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'PUT /admin/enquiries/:id',
      resource: 'enquiries',
      recordId: id,
      before,
      after,
    });
    return after;
  });
}
