import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import { EVENT_ID } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import {
  auditLog,
  checkins,
  contactMessages,
  demandesExposants,
  events,
  gates,
  mailOutbox,
  newsletters,
  registrations,
  scans,
  tokens,
  users,
} from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { readyForMore, safeCell, safeCells } from '../../lib/streams';
import type { ListQuery } from '../back-office/admin-list';
import { recordAudit } from '../back-office/audit.service';
import { showWallClock } from '../scans/scans-export';
import { queueBadgeMail, type MailLinks } from '../registration/visitors.service';

/**
 * What the organisers hold about one person, and the law's two answers to it: a copy of all of
 * it (export) and its erasure. Erasure anonymises rather than deletes: the scans of an erased
 * visitor stay, so that exhibitors keep their counts, but nothing in them names the person.
 */

export const ERASED_NAME = 'Personne supprimée';
export const erasedEmail = (id: number) => `supprime-${id}@invalid`;

/**
 * The person's badge of the current show (their own type's, not a conference's) is revoked.
 * Written with qualified names: drizzle leaves a column bare where it thinks one table is in
 * play, and a bare "id" inside the subquery would be the registration's.
 */
const badgeRevoked = sql<boolean>`coalesce((
  select r.revoked_at is not null from registrations r
  where r.user_id = "users"."id" and r.event_id = ${EVENT_ID}
    and r.conference_id is null and r.type::text = "users"."type"::text
  limit 1), false)`.mapWith(Boolean);

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  company: users.company,
  jobPosition: users.jobPosition,
  secteurActivite: users.secteurActivite,
  businessSector: users.businessSector,
  pays: users.pays,
  language: users.language,
  createdAt: users.createdAt,
  badgeRevoked,
  anonymisedAt: users.anonymisedAt,
};

/** Visitors the back-office lists: live accounts, erased ones included (they show as erased). */
const isVisitor = and(eq(users.type, 'visitor'), isNull(users.deletedAt));

export async function listVisitors(db: Db, list: ListQuery) {
  const where = and(isVisitor, ...list.where);
  const [rows, [total]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(...list.orderBy, desc(users.id))
      .limit(list.limit)
      .offset(list.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getVisitor(db: Db | Tx, id: number) {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(isVisitor, eq(users.id, id)));
  if (!row) throw notFound('Visiteur introuvable.');
  return row;
}

/** The same record for anyone the people API may see (organisers are not among them). */
async function getPerson(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ ...personColumns, type: users.type })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.type} <> 'organiser'`));
  if (!row) throw notFound('Personne introuvable.');
  return row;
}

// ---- visiteurs.xlsx ------------------------------------------------------------------------------

export const VISITORS_FILE_NAME = 'visiteurs.xlsx';
const EXPORT_CHUNK = 1000;

/** visiteurs.xlsx, streamed a chunk at a time (by id) so memory does not grow with the list. */
export async function writeVisitorsXlsx(db: Db, where: SQL | undefined, out: Writable) {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Visiteurs', { views: [{ state: 'frozen', ySplit: 1 }] });
  const date: Partial<ExcelJS.Column> = { width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } };
  sheet.columns = [
    { header: 'Id', key: 'id', width: 8 },
    { header: 'Nom', key: 'name', width: 28 },
    { header: 'E-mail', key: 'email', width: 36 },
    // Phones are strings: text cells that keep their leading '+' or '0'.
    { header: 'Téléphone', key: 'phone', width: 18 },
    { header: 'Société', key: 'company', width: 28 },
    { header: 'Fonction', key: 'jobPosition', width: 24 },
    { header: 'Secteur d’activité', key: 'secteurActivite', width: 28 },
    { header: 'Domaine', key: 'businessSector', width: 24 },
    { header: 'Pays', key: 'pays', width: 16 },
    { header: 'Langue', key: 'language', width: 8 },
    { header: 'Inscription', key: 'createdAt', ...date },
    { header: 'Badge révoqué', key: 'badgeRevoked', width: 14 },
    { header: 'Supprimé le', key: 'anonymisedAt', ...date },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (let last = 0; ;) {
    const rows = await db
      .select(personColumns)
      .from(users)
      .where(and(isVisitor, where, gt(users.id, last)))
      .orderBy(asc(users.id))
      .limit(EXPORT_CHUNK);
    for (const row of rows) {
      sheet
        .addRow(
          safeCells({
            ...row,
            phone: row.phone ?? '',
            createdAt: showWallClock(row.createdAt),
            badgeRevoked: row.badgeRevoked ? 'Oui' : 'Non',
            anonymisedAt: row.anonymisedAt ? showWallClock(row.anonymisedAt) : null,
          }),
        )
        .commit();
    }
    if (!(await readyForMore(out))) return;
    if (rows.length < EXPORT_CHUNK) break;
    last = rows.at(-1)!.id;
  }
  sheet.commit();
  await workbook.commit();
}

// ---- Badge ---------------------------------------------------------------------------------------

/** Queues the visitor's badge mail again, as on registration; the caller wakes the mail worker. */
export function resendBadge(db: Db, ctx: MailLinks, organiserId: number, id: number) {
  return db.transaction(async (tx) => {
    const before = await getVisitor(tx, id);
    if (before.anonymisedAt) throw badRequest('Cette personne a été supprimée : il n’y a plus de badge à envoyer.');
    const [registration] = await tx
      .select({ id: registrations.id, revokedAt: registrations.revokedAt })
      .from(registrations)
      .where(
        and(
          eq(registrations.userId, id),
          eq(registrations.eventId, EVENT_ID),
          eq(registrations.type, 'visitor'),
          isNull(registrations.conferenceId),
        ),
      );
    if (!registration) throw badRequest('Ce visiteur n’est pas inscrit au salon : il n’a pas de badge.');
    if (registration.revokedAt) throw badRequest('Le badge de ce visiteur est révoqué : il ne peut pas être renvoyé.');
    await queueBadgeMail(tx, ctx, registration.id);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'POST /admin/visitors/:id/resend-badge',
      resource: 'visitors',
      recordId: id,
      // Ids only: the audit log outlives an erasure and should not keep the person's details.
      before: { registrationId: registration.id },
      after: { registrationId: registration.id, badgeMail: 'queued' },
    });
    return { queued: true as const };
  });
}

// ---- Export --------------------------------------------------------------------------------------

/** Audit resources whose record id is a person's id. */
const PERSON_RESOURCES = ['visitors', 'people', 'exhibitors', 'collaborators', 'controllers', 'users'];

const scanner = alias(users, 'scanner');
const scannedPerson = alias(users, 'scanned_person');
const sameEmail = (column: Parameters<typeof sql>[1], email: string) => sql`lower(${column}) = lower(${email})`;
/** Mails to the person, and mails about them: the organisers' copies of their contact message or enquiry. */
const mailsOf = (email: string) =>
  or(
    sameEmail(mailOutbox.to, email),
    sql`position(lower(${email}) in lower(${mailOutbox.text})) > 0`,
    sql`position(lower(${email}) in lower(${mailOutbox.subject})) > 0`,
  );

/** Everything held about one person, section by section, in the order the export shows them. */
export async function personalData(db: Db, id: number) {
  const [user] = await db
    .select({
      id: users.id,
      type: users.type,
      name: users.name,
      email: users.email,
      username: users.username,
      phone: users.phone,
      company: users.company,
      jobPosition: users.jobPosition,
      secteurActivite: users.secteurActivite,
      businessSector: users.businessSector,
      adresse: users.adresse,
      pays: users.pays,
      language: users.language,
      exhibitorId: users.exhibitorId,
      confirmed: users.confirmed,
      blocked: users.blocked,
      deletedAt: users.deletedAt,
      anonymisedAt: users.anonymisedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.type} <> 'organiser'`));
  if (!user) throw notFound('Personne introuvable.');
  const email = user.email;
  const ownRegistrations = db.select({ id: registrations.id }).from(registrations).where(eq(registrations.userId, id));

  const [
    registrationRows,
    scansMade,
    scansOf,
    checkinRows,
    newsletterRows,
    enquiryRows,
    contactRows,
    mailRows,
    auditRows,
  ] = await Promise.all([
    db
      .select({
        id: registrations.id,
        event: events.name,
        eventId: registrations.eventId,
        type: registrations.type,
        conferenceId: registrations.conferenceId,
        confirmed: registrations.confirmed,
        hall: gates.name,
        booth: registrations.booth,
        badge: sql<string>`case when ${registrations.revokedAt} is null then 'valide' else 'révoqué' end`,
        revokedAt: registrations.revokedAt,
        createdAt: registrations.createdAt,
      })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .leftJoin(gates, eq(gates.id, registrations.gateId))
      .where(eq(registrations.userId, id))
      .orderBy(asc(registrations.id)),
    db
      .select({
        id: scans.id,
        createdAt: scans.createdAt,
        typeScanned: scans.typeScanned,
        name: scannedPerson.name,
        company: scannedPerson.company,
        note: scans.note,
        rating: scans.rating,
      })
      .from(scans)
      .innerJoin(scannedPerson, eq(scannedPerson.id, scans.scannedId))
      .where(eq(scans.scannerId, id))
      .orderBy(asc(scans.createdAt), asc(scans.id)),
    db
      .select({
        id: scans.id,
        createdAt: scans.createdAt,
        scannerCompany: scanner.company,
        note: scans.note,
        rating: scans.rating,
      })
      .from(scans)
      .innerJoin(scanner, eq(scanner.id, scans.scannerId))
      .where(eq(scans.scannedId, id))
      .orderBy(asc(scans.createdAt), asc(scans.id)),
    db
      .select({
        id: checkins.id,
        scannedAt: checkins.scannedAt,
        day: checkins.checkinDay,
        gate: gates.name,
        verdict: checkins.verdict,
        reason: checkins.reason,
        reentry: checkins.reentry,
      })
      .from(checkins)
      .leftJoin(gates, eq(gates.id, checkins.gateId))
      .where(inArray(checkins.registrationId, ownRegistrations))
      .orderBy(asc(checkins.scannedAt), asc(checkins.id)),
    db
      .select({
        id: newsletters.id,
        email: newsletters.email,
        language: newsletters.language,
        createdAt: newsletters.createdAt,
        confirmedAt: newsletters.confirmedAt,
        unsubscribedAt: newsletters.unsubscribedAt,
      })
      .from(newsletters)
      .where(sameEmail(newsletters.email, email)),
    db
      .select({
        id: demandesExposants.id,
        nom: demandesExposants.nom,
        email: demandesExposants.email,
        telephone: demandesExposants.telephone,
        societe: demandesExposants.societe,
        secteurActivite: demandesExposants.secteurActivite,
        message: demandesExposants.message,
        status: demandesExposants.status,
        createdAt: demandesExposants.createdAt,
      })
      .from(demandesExposants)
      .where(sameEmail(demandesExposants.email, email))
      .orderBy(asc(demandesExposants.id)),
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        company: contactMessages.company,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(sameEmail(contactMessages.email, email))
      .orderBy(asc(contactMessages.id)),
    // Subjects and states only: the bodies are the show's own texts, and carry sign-in links.
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(mailsOf(email))
      .orderBy(asc(mailOutbox.id)),
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        resource: auditLog.resource,
        createdAt: auditLog.createdAt,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(id)), inArray(auditLog.resource, PERSON_RESOURCES)))
      .orderBy(asc(auditLog.id)),
  ]);
  return {
    person: user,
    registrations: registrationRows,
    scansMade,
    scansOf,
    checkins: checkinRows,
    newsletters: newsletterRows,
    enquiries: enquiryRows,
    contactMessages: contactRows,
    mails: mailRows,
    audit: auditRows,
  };
}
export type PersonalData = Awaited<ReturnType<typeof personalData>>;

/** Sheet names (31 characters at most) of the xlsx export, one per section. */
const SHEETS: Record<keyof PersonalData, string> = {
  person: 'Personne',
  registrations: 'Inscriptions',
  scansMade: 'Scans effectués',
  scansOf: 'Scans de la personne',
  checkins: 'Entrées',
  newsletters: 'Newsletter',
  enquiries: 'Demandes exposant',
  contactMessages: 'Messages de contact',
  mails: 'E-mails',
  audit: 'Journal',
};

/** A cell: dates as date cells in Marrakech time, objects (audit before/after) as JSON text. */
function cellOf(value: unknown): ExcelJS.CellValue {
  if (value instanceof Date) return showWallClock(value);
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return safeCell(value) as ExcelJS.CellValue;
}

/** The export as a workbook: the person as field/value lines, then one sheet per section. */
export async function personalDataXlsx(data: PersonalData): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const dateStyle = { numFmt: 'dd/mm/yyyy hh:mm' };
  const person = workbook.addWorksheet(SHEETS.person);
  person.columns = [
    { header: 'Champ', key: 'field', width: 20 },
    { header: 'Valeur', key: 'value', width: 40 },
  ];
  for (const [field, value] of Object.entries(data.person)) {
    const row = person.addRow({ field, value: cellOf(value) });
    if (value instanceof Date) row.getCell(2).style = dateStyle;
  }
  person.getRow(1).font = { bold: true };
  for (const key of Object.keys(SHEETS) as (keyof PersonalData)[]) {
    if (key === 'person') continue;
    const rows = data[key] as Record<string, unknown>[];
    const sheet = workbook.addWorksheet(SHEETS[key]);
    const keys = Object.keys(rows[0] ?? {});
    sheet.columns = keys.map((k) => ({ header: k, key: k, width: 20 }));
    for (const item of rows) {
      const row = sheet.addRow(Object.fromEntries(keys.map((k) => [k, cellOf(item[k])])));
      keys.forEach((k, i) => {
        if (item[k] instanceof Date) row.getCell(i + 1).style = dateStyle;
      });
    }
    if (!rows.length) sheet.addRow(['Aucune donnée.']);
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Records who downloaded a person's data: their data left the back-office. */
export async function recordExport(db: Db, organiserId: number, id: number, format: 'json' | 'xlsx') {
  await recordAudit(db, {
    userId: organiserId,
    action: `GET /admin/people/:id/export.${format}`,
    resource: 'people',
    recordId: id,
    before: {},
    after: { exported: format },
  });
}

// ---- Erasure -------------------------------------------------------------------------------------

/** Fields an audit entry may hold about a person; erasure removes them from earlier entries. */
const PERSONAL_KEYS = [
  'name',
  'email',
  'username',
  'phone',
  'company',
  'jobPosition',
  'adresse',
  'pays',
  'secteurActivite',
  'businessSector',
  'nom',
  'telephone',
  'societe',
  'message',
  'notes',
];
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
 * revoked, notes on scans of them, their newsletter, enquiry and contact rows and the mails
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
      name: ERASED_NAME,
      email: replacement,
      username: replacement,
      phone: null,
      phoneNormalized: null,
      company: null,
      jobPosition: null,
      adresse: null,
      pays: null,
      secteurActivite: null,
      businessSector: null,
      avatarId: null,
      passwordHash: '',
      blocked: true,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      anonymisedAt: now,
      // An erased collaborator leaves its exhibitor's team, as a deleted one does.
      ...(user.type === 'collaborator' ? { deletedAt: sql`coalesce(${users.deletedAt}, ${now.toISOString()})` } : {}),
    })
    .where(eq(users.id, id));
  await tx.delete(tokens).where(eq(tokens.userId, id));
  await tx
    .update(registrations)
    .set({ revokedAt: now })
    .where(and(eq(registrations.userId, id), isNull(registrations.revokedAt)));
  // The scans stay (exhibitors keep their counts); what the exhibitor wrote about the person goes.
  await tx.update(scans).set({ note: null }).where(eq(scans.scannedId, id));
  await tx
    .update(newsletters)
    .set({ email: replacement, unsubscribedAt: sql`coalesce(${newsletters.unsubscribedAt}, ${now.toISOString()})` })
    .where(sameEmail(newsletters.email, email));
  const enquiries = await tx
    .update(demandesExposants)
    .set({ nom: ERASED_NAME, email: replacement, telephone: '', societe: null, message: null, notes: null })
    .where(sameEmail(demandesExposants.email, email))
    .returning({ id: demandesExposants.id });
  await tx
    .update(contactMessages)
    .set({ name: ERASED_NAME, email: replacement, phone: '', company: null, message: '[supprimé]' })
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
