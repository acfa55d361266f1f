import { and, asc, eq, inArray, isNotNull, min, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  checkins,
  contactMessagePersonalColumns,
  contactMessages,
  demandesExposants,
  enquiryColumns,
  editions,
  halls,
  mailOutbox,
  newsletterPersonalColumns,
  newsletters,
  personalColumns,
  registrations,
  scans,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { hallOfRegistration } from '../show/registration-joins';

/**
 * What the organisers hold about one person, and the law's two answers to it: a copy of all of
 * it (this export, as JSON or as a workbook: personal-data-xlsx.ts) and its erasure
 * (erasure.service.ts).
 */

/** Audit resources whose record id is a person's id. */
export const PERSON_RESOURCES = ['visitors', 'people', 'exhibitors', 'collaborators', 'controllers', 'users'];

const scanner = alias(users, 'scanner');
const scannedPerson = alias(users, 'scanned_person');
const scanningExhibitor = alias(users, 'scanning_exhibitor');
export const sameEmail = (column: Parameters<typeof sql>[1], email: string) => sql`lower(${column}) = lower(${email})`;
/** Mails to the person, and mails about them: the organisers' copies of their contact message or enquiry. */
export const mailsOf = (email: string) =>
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
      ...personalColumns,
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
    doNotContactRows,
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
        event: editions.name,
        eventId: registrations.eventId,
        type: registrations.type,
        conferenceId: registrations.conferenceId,
        confirmed: registrations.confirmed,
        hall: halls.name,
        booth: registrations.booth,
        badge: sql<'valide' | 'révoqué'>`case when ${registrations.revokedAt} is null then 'valide' else 'révoqué' end`,
        revokedAt: registrations.revokedAt,
        visit: registrations.visit,
        createdAt: registrations.createdAt,
      })
      .from(registrations)
      .innerJoin(editions, eq(editions.id, registrations.eventId))
      .leftJoin(halls, hallOfRegistration)
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
    // 'Ne plus me contacter' (decision 037): the exhibitors asked, and when first.
    db
      .select({
        exhibitorId: scans.exhibitorId,
        exhibitorCompany: scanningExhibitor.company,
        askedAt: min(scans.doNotContactAt),
      })
      .from(scans)
      .innerJoin(scanningExhibitor, eq(scanningExhibitor.id, scans.exhibitorId))
      .where(and(eq(scans.scannedId, id), isNotNull(scans.doNotContactAt)))
      .groupBy(scans.exhibitorId, scanningExhibitor.company)
      .orderBy(asc(scans.exhibitorId)),
    db
      .select({
        id: checkins.id,
        scannedAt: checkins.scannedAt,
        day: checkins.checkinDay,
        gate: halls.name,
        verdict: checkins.verdict,
        reason: checkins.reason,
        reentry: checkins.reentry,
      })
      .from(checkins)
      .leftJoin(halls, eq(halls.id, checkins.gateId))
      .where(inArray(checkins.registrationId, ownRegistrations))
      .orderBy(asc(checkins.scannedAt), asc(checkins.id)),
    db
      .select({
        id: newsletters.id,
        ...newsletterPersonalColumns,
        language: newsletters.language,
        createdAt: newsletters.createdAt,
        confirmedAt: newsletters.confirmedAt,
        unsubscribedAt: newsletters.unsubscribedAt,
      })
      .from(newsletters)
      .where(sameEmail(newsletters.email, email)),
    db
      .select({
        ...enquiryColumns,
        status: demandesExposants.status,
        createdAt: demandesExposants.createdAt,
      })
      .from(demandesExposants)
      .where(sameEmail(demandesExposants.email, email))
      .orderBy(asc(demandesExposants.id)),
    db
      .select({ id: contactMessages.id, ...contactMessagePersonalColumns, createdAt: contactMessages.createdAt })
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
    doNotContact: doNotContactRows,
    checkins: checkinRows,
    newsletters: newsletterRows,
    enquiries: enquiryRows,
    contactMessages: contactRows,
    mails: mailRows,
    audit: auditRows,
  };
}
export type PersonalData = Awaited<ReturnType<typeof personalData>>;

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
