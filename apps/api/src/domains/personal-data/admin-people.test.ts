import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID, createClock, type RegistrationType } from '@salon/shared';
import {
  auditLog,
  contactMessages,
  demandesExposants,
  mailOutbox,
  newsletters,
  registrations,
  retentionSettings,
  scans,
  users,
} from '../../db/schema';
import { createBadgeSigner } from '../badges/badge-token';
import { mailDir } from '../mail/transport';
import { runRetentionJob, startRetentionJob } from './retention.service';
import type { ScanView } from '../scans/scans.service';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  login,
  signSession,
  type TestContext,
} from '../../../test/helper';

/**
 * The back-office's people: visitors, one person's data (export, erasure) and retention. The
 * clock is 1 March 2026: the show of 2024 (ended 1 June 2024) plus the default 24 months is not
 * past yet, the edition of 2017 (ended 20 May 2017) is.
 */
const APP_NOW = '2026-03-01T12:00:00+01:00';
const OLD_EVENT_ID = 5;

let ctx: TestContext;
let organiserToken: string;
let organiserId: number;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let exhibitorToken: string;
let signer: ReturnType<typeof createBadgeSigner>;

type Visitor = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  secteurActivite: string | null;
  pays: string | null;
  badgeRevoked: boolean;
  anonymisedAt: string | null;
};

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token: organiserToken, body });
const filterOf = (filter: Record<string, unknown> | unknown[]) => encodeURIComponent(JSON.stringify(filter));
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;

const badgeOf = (registration: { id: number; type: RegistrationType }) =>
  signer.sign({ registrationId: registration.id, type: registration.type, eventId: EVENT_ID, issuedAt: 1_716_000_000 });

/** The exhibitor scans the badge (with a note) through the scanning API. */
async function scanByExhibitor(registration: { id: number; type: RegistrationType }, note = 'Rappeler lundi') {
  const res = await call(ctx.app, 'POST', 'scans', {
    token: exhibitorToken,
    body: { scans: [{ id: randomUUID(), badge: badgeOf(registration), scannedAt: APP_NOW, note, rating: 4 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { status: string }[] }>().data[0]!;
}

async function exhibitorScans() {
  const res = await call(ctx.app, 'GET', 'scans?pagination[pageSize]=100', { token: exhibitorToken });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: (ScanView & { erased?: true })[] }>().data;
}

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ExcelJS.Buffer);
  return workbook;
}

/** A sheet's rows as arrays of cell values (the header first). */
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

/** A visitor registered for the 2017 edition only: past retention at 24 months. */
async function visitorOf2017(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(ctx.db, { type: 'visitor', ...overrides });
  await ctx.db
    .insert(registrations)
    .values({ eventId: OLD_EVENT_ID, userId: user.id, type: 'visitor', confirmed: true });
  return user;
}

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW });
  const organiser = await createUser(ctx.db, { type: 'organiser', password: 'Secret-2024!' });
  organiserId = organiser.id;
  organiserToken = await signSession(organiser.id, organiser.tokenVersion);
  exhibitor = await createExhibitor(ctx.db, { company: 'Ciments du Sud' });
  exhibitorToken = await login(ctx.app, exhibitor.user.email);
  signer = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY);
});
afterAll(() => ctx.close());

describe('the visitors list', () => {
  let zellige: Awaited<ReturnType<typeof createVisitor>>;
  let tadelakt: Awaited<ReturnType<typeof createVisitor>>;

  beforeAll(async () => {
    zellige = await createVisitor(ctx.db, {
      name: 'Yasmine Zellige',
      company: 'Atelier 100% Zellige',
      secteurActivite: 'Second œuvre',
      pays: 'Maroc',
      phone: '+212 6 11 22 33 44',
    });
    tadelakt = await createVisitor(ctx.db, {
      name: 'Omar Tadelakt',
      company: 'Tadelakt Zellige SARL',
      secteurActivite: 'Gros œuvre',
      pays: 'France',
    });
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, tadelakt.registration.id));
  });

  it('finds visitors by a part of their name, e-mail, company or phone, in any case, and says whose badge is revoked', async () => {
    const res = await admin('GET', `visitors?filter=${filterOf({ q: 'ZELLIGE' })}&sort=${filterOf(['name', 'ASC'])}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<Visitor[]>();
    expect(rows.map((r) => [r.name, r.badgeRevoked, r.anonymisedAt])).toEqual([
      ['Omar Tadelakt', true, null],
      ['Yasmine Zellige', false, null],
    ]);
    expect(res.headers['content-range']).toBe('visitors 0-1/2');
    expect(rows[1]).toMatchObject({
      id: zellige.user.id,
      email: zellige.user.email,
      company: 'Atelier 100% Zellige',
      secteurActivite: 'Second œuvre',
      pays: 'Maroc',
      language: 'fr',
    });

    const byPhone = await admin('GET', `visitors?filter=${filterOf({ q: '11 22 33' })}`);
    expect(byPhone.json<Visitor[]>().map((r) => r.id)).toEqual([zellige.user.id]);
    const byEmail = await admin('GET', `visitors?filter=${filterOf({ q: tadelakt.user.email.toUpperCase() })}`);
    expect(byEmail.json<Visitor[]>().map((r) => r.id)).toEqual([tadelakt.user.id]);
  });

  it('takes % and _ in the search as themselves', async () => {
    const percent = await admin('GET', `visitors?filter=${filterOf({ q: '100%' })}`);
    expect(percent.json<Visitor[]>().map((r) => r.id)).toEqual([zellige.user.id]);
    const underscore = await admin('GET', `visitors?filter=${filterOf({ q: 'Zell_ge' })}`);
    expect(underscore.json<Visitor[]>()).toEqual([]);
  });

  it('filters on the exact sector and country, and sorts by company descending', async () => {
    const sector = await admin('GET', `visitors?filter=${filterOf({ secteurActivite: 'Gros œuvre' })}`);
    expect(sector.json<Visitor[]>().map((r) => r.id)).toEqual([tadelakt.user.id]);
    const country = await admin('GET', `visitors?filter=${filterOf({ pays: 'Maroc', q: 'zellige' })}`);
    expect(country.json<Visitor[]>().map((r) => r.id)).toEqual([zellige.user.id]);
    const sorted = await admin(
      'GET',
      `visitors?filter=${filterOf({ q: 'zellige' })}&sort=${filterOf(['company', 'DESC'])}`,
    );
    expect(sorted.json<Visitor[]>().map((r) => r.company)).toEqual(['Tadelakt Zellige SARL', 'Atelier 100% Zellige']);
  });

  it('refuses an unknown sort field', async () => {
    const res = await admin('GET', `visitors?sort=${filterOf(['email', 'ASC'])}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Tri possible sur : id, name, company, createdAt (ASC ou DESC).');
  });

  it('reads one visitor, and answers 404 in French for an exhibitor', async () => {
    const res = await admin('GET', `visitors/${zellige.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Visitor>()).toMatchObject({ id: zellige.user.id, name: 'Yasmine Zellige', badgeRevoked: false });
    const notVisitor = await admin('GET', `visitors/${exhibitor.user.id}`);
    expect(notVisitor.statusCode).toBe(404);
    expect(errorOf(notVisitor)).toBe('Visiteur introuvable.');
  });

  it('downloads visiteurs.xlsx with every visitor the filter keeps', async () => {
    const res = await admin('GET', `visitors/export.xlsx?filter=${filterOf({ q: 'zellige' })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="visiteurs.xlsx"');
    const sheet = (await workbookOf(res.rawPayload)).worksheets[0]!;
    const rows = rowsOf(sheet);
    expect(rows[0]!.slice(0, 5)).toEqual(['Id', 'Nom', 'E-mail', 'Téléphone', 'Société']);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[11]])).toEqual([
      ['Yasmine Zellige', '+212 6 11 22 33 44', 'Atelier 100% Zellige', 'Non'],
      ['Omar Tadelakt', tadelakt.user.phone, 'Tadelakt Zellige SARL', 'Oui'],
    ]);
  });
});

describe('resending a badge', () => {
  const badgeMails = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it('queues the visitor’s badge mail again, with the badge attached, and records it', async () => {
    const visitor = await createVisitor(ctx.db, { name: 'Hicham Renvoi' });
    const res = await admin('POST', `visitors/${visitor.user.id}/resend-badge`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: true });
    const mails = await badgeMails(visitor.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Votre badge/);
    expect(mails[0]!.attachments).toEqual([{ kind: 'badge', registrationId: visitor.registration.id }]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(visitor.user.id)), eq(auditLog.resource, 'visitors')));
    expect(entry).toMatchObject({ userId: organiserId, action: 'POST /admin/visitors/:id/resend-badge' });
  });

  it('is refused for a revoked badge and for an erased person, in French', async () => {
    const revoked = await createVisitor(ctx.db);
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, revoked.registration.id));
    const refused = await admin('POST', `visitors/${revoked.user.id}/resend-badge`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('Le badge de ce visiteur est révoqué : il ne peut pas être renvoyé.');

    const erased = await createVisitor(ctx.db);
    expect((await admin('POST', `people/${erased.user.id}/erase`)).statusCode).toBe(200);
    const afterErasure = await admin('POST', `visitors/${erased.user.id}/resend-badge`);
    expect(afterErasure.statusCode).toBe(400);
    expect(errorOf(afterErasure)).toBe('Cette personne a été supprimée : il n’y a plus de badge à envoyer.');
    expect(await badgeMails(`supprime-${erased.user.id}@invalid`)).toEqual([]);
  });
});

describe('one person’s data', () => {
  let visitor: Awaited<ReturnType<typeof createVisitor>>;

  beforeAll(async () => {
    visitor = await createVisitor(ctx.db, { name: 'Nadia Export', company: 'Béton Export' });
    await scanByExhibitor(visitor.registration, 'Intéressée par le ciment blanc');
    await ctx.db.insert(newsletters).values({ email: visitor.user.email.toUpperCase(), confirmedAt: new Date() });
    await ctx.db.insert(contactMessages).values({
      name: 'Nadia Export',
      email: visitor.user.email,
      phone: '+212 600000001',
      message: 'Où se garer ?',
    });
    await admin('POST', `visitors/${visitor.user.id}/resend-badge`);
  });

  it('exports as JSON the person, their registrations with the badge state, the scans of them, their newsletter and mails', async () => {
    const res = await admin('GET', `people/${visitor.user.id}/export.json`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="donnees-${visitor.user.id}.json"`);
    const data = JSON.parse(res.body) as Record<string, Record<string, unknown>[] & Record<string, unknown>>;
    expect(data.person).toMatchObject({ id: visitor.user.id, name: 'Nadia Export', email: visitor.user.email });
    expect(data.person).not.toHaveProperty('passwordHash');
    expect(data.registrations).toEqual([
      expect.objectContaining({ id: visitor.registration.id, eventId: EVENT_ID, type: 'visitor', badge: 'valide' }),
    ]);
    expect(data.scansOf).toEqual([
      expect.objectContaining({ scannerCompany: 'Ciments du Sud', note: 'Intéressée par le ciment blanc', rating: 4 }),
    ]);
    expect(data.scansMade).toEqual([]);
    expect(data.newsletters).toEqual([expect.objectContaining({ email: visitor.user.email.toUpperCase() })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'Où se garer ?' })]);
    expect(data.mails).toEqual([
      expect.objectContaining({
        to: visitor.user.email,
        subject: 'Votre badge — Salon International du Bâtiment 2024',
      }),
    ]);
    expect(data.mails![0]).not.toHaveProperty('text');
    expect(data.audit).toEqual([expect.objectContaining({ action: 'POST /admin/visitors/:id/resend-badge' })]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(visitor.user.id)), eq(auditLog.resource, 'people')));
    expect(entry).toMatchObject({ userId: organiserId, action: 'GET /admin/people/:id/export.json' });
  });

  it('exports as xlsx one sheet per section', async () => {
    const res = await admin('GET', `people/${visitor.user.id}/export.xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="donnees-${visitor.user.id}.xlsx"`);
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Personne',
      'Inscriptions',
      'Scans effectués',
      'Scans de la personne',
      'Entrées',
      'Newsletter',
      'Demandes exposant',
      'Messages de contact',
      'E-mails',
      'Journal',
    ]);
    expect(rowsOf(workbook.getWorksheet('Personne')!)).toContainEqual(['name', 'Nadia Export']);
    const scansOf = rowsOf(workbook.getWorksheet('Scans de la personne')!);
    expect(scansOf[0]).toEqual(['id', 'createdAt', 'scannerCompany', 'note', 'rating']);
    expect(scansOf[1]!.slice(2)).toEqual(['Ciments du Sud', 'Intéressée par le ciment blanc', 4]);
    expect(rowsOf(workbook.getWorksheet('Scans effectués')!)).toEqual([['Aucune donnée.']]);
  });

  it('answers 404 for an organiser', async () => {
    const organiser = await createUser(ctx.db, { type: 'organiser' });
    const res = await admin('GET', `people/${organiser.id}/export.json`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Personne introuvable.');
  });
});

describe('erasing a person', () => {
  it('anonymises the person, revokes the badge, keeps the scans and names nobody in the exhibitor’s scans and SCANS.xlsx', async () => {
    const visitor = await createVisitor(ctx.db, {
      name: 'Karima Effacée',
      company: 'Carrières Karima',
      jobPosition: 'Acheteuse',
      pays: 'Maroc',
      secteurActivite: 'Gros œuvre',
    });
    await scanByExhibitor(visitor.registration, 'Veut un devis');
    const countBefore = (await ctx.db.select().from(scans).where(eq(scans.scannerId, exhibitor.user.id))).length;
    await ctx.db.insert(newsletters).values({ email: visitor.user.email });
    await ctx.db.insert(demandesExposants).values({
      nom: 'Karima Effacée',
      email: visitor.user.email,
      telephone: '+212 600000002',
      societe: 'Carrières Karima',
      message: 'Un stand ?',
    });
    await admin('POST', `visitors/${visitor.user.id}/resend-badge`);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, visitor.user.email));
    // The file the file transport writes for that mail, and another database's older one.
    const dir = mailDir(ctx.config);
    await mkdir(dir, { recursive: true });
    const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, '-');
    await writeFile(path.join(dir, `${stamp(new Date(mail!.createdAt.getTime() + 1000))}-${mail!.id}.eml`), 'x');
    await writeFile(path.join(dir, `${stamp(new Date('2020-01-01T00:00:00Z'))}-${mail!.id}.eml`), 'y');

    const res = await admin('POST', `people/${visitor.user.id}/erase`);
    expect(res.statusCode, res.body).toBe(200);
    const erasedEmail = `supprime-${visitor.user.id}@invalid`;
    const erasedAt = res.json<{ anonymisedAt: string }>().anonymisedAt;
    expect(res.json()).toEqual({
      id: visitor.user.id,
      name: 'Personne supprimée',
      email: erasedEmail,
      phone: null,
      company: null,
      jobPosition: null,
      secteurActivite: null,
      businessSector: null,
      pays: null,
      language: 'fr',
      createdAt: visitor.user.createdAt.toISOString(),
      badgeRevoked: true,
      anonymisedAt: erasedAt,
    });
    // The app's clock (1 March 2026), not the machine's.
    expect(Math.abs(new Date(erasedAt).getTime() - new Date(APP_NOW).getTime())).toBeLessThan(60_000);

    const row = await userRow(visitor.user.id);
    expect(row).toMatchObject({
      username: erasedEmail,
      phoneNormalized: null,
      adresse: null,
      avatarId: null,
      passwordHash: '',
      blocked: true,
      tokenVersion: visitor.user.tokenVersion + 1,
      deletedAt: null,
    });
    const [registration] = await ctx.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, visitor.registration.id));
    expect(registration!.revokedAt).not.toBeNull();

    // The scans stay, without the note; the exhibitor's count is unchanged.
    const kept = await ctx.db.select().from(scans).where(eq(scans.scannedId, visitor.user.id));
    expect(kept.map((s) => [s.note, s.rating])).toEqual([[null, 4]]);
    expect((await ctx.db.select().from(scans).where(eq(scans.scannerId, exhibitor.user.id))).length).toBe(countBefore);

    const [news] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, erasedEmail));
    expect(news!.unsubscribedAt).not.toBeNull();
    const [enquiry] = await ctx.db.select().from(demandesExposants).where(eq(demandesExposants.email, erasedEmail));
    expect(enquiry).toMatchObject({ nom: 'Personne supprimée', telephone: '', societe: null, message: null });
    const [redacted] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(redacted).toMatchObject({ to: erasedEmail, text: '[supprimé]', html: null, attachments: null });
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, visitor.user.email))).toEqual([]);
    // Its .eml file is gone; the other database's file of the same id is not this person's.
    expect((await readdir(dir)).filter((name) => name.endsWith(`-${mail!.id}.eml`))).toEqual([
      `${stamp(new Date('2020-01-01T00:00:00Z'))}-${mail!.id}.eml`,
    ]);

    // Earlier audit entries about the person lose the personal fields; the erasure's has no name either.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(visitor.user.id)));
    expect(entries.map((e) => e.action)).toEqual([
      'POST /admin/visitors/:id/resend-badge',
      'POST /admin/people/:id/erase',
    ]);
    expect(JSON.stringify(entries)).not.toContain('Karima');
    expect(entries[1]).toMatchObject({
      userId: organiserId,
      after: { name: 'Personne supprimée', badgeRevoked: true },
    });

    // The exhibitor's 'Mes scans' and SCANS.xlsx name nobody.
    const shown = (await exhibitorScans()).filter((s) => s.erased);
    expect(shown).toEqual([
      expect.objectContaining({
        note: null,
        rating: 4,
        erased: true,
        person: { name: 'Personne supprimée', email: null, phone: null, company: null, jobPosition: null },
      }),
    ]);
    const xlsx = await call(ctx.app, 'GET', 'scans/export?table=scansExposant', { token: exhibitorToken });
    expect(xlsx.statusCode).toBe(200);
    const sheet = (await workbookOf(xlsx.rawPayload)).worksheets[0]!;
    const lines = rowsOf(sheet).filter((r) => r[1] === 'Personne supprimée');
    expect(lines).toHaveLength(1);
    // Empty cells read back as undefined.
    expect([lines[0]![2], lines[0]![3], lines[0]![4], lines[0]![7]].map((v) => v ?? '')).toEqual(['', '', '', '']);
    expect(rowsOf(sheet).flat()).not.toContain('Carrières Karima');

    // The exhibitor's scanner refuses the badge, and the gates list it as revoked.
    expect((await scanByExhibitor(visitor.registration)).status).toBe('refused');
    const controller = await createUser(ctx.db, { type: 'controller' });
    const roster = await call(ctx.app, 'GET', 'gate/roster', {
      token: await signSession(controller.id, controller.tokenVersion),
    });
    expect(roster.json<{ data: { revoked: number[] } }>().data.revoked).toContain(visitor.registration.id);
  });

  it('erases a collaborator, who leaves the exhibitor’s team', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Samir Collaborateur' });
    const res = await admin('POST', `people/${collaborator.user.id}/erase`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Personne supprimée', badgeRevoked: true });
    const row = await userRow(collaborator.user.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.blocked).toBe(true);
    const signIn = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: collaborator.user.email, password: 'Secret-2024!' },
    });
    expect(signIn.statusCode).toBe(400);
  });

  it('is refused for an exhibitor (400), an organiser (404) and someone already erased (409), in French', async () => {
    const asExhibitor = await admin('POST', `people/${exhibitor.user.id}/erase`);
    expect(asExhibitor.statusCode).toBe(400);
    expect(errorOf(asExhibitor)).toBe('Un exposant ne peut pas être supprimé : désactivez-le depuis sa fiche.');
    expect((await userRow(exhibitor.user.id)).name).not.toBe('Personne supprimée');

    const organiser = await createUser(ctx.db, { type: 'organiser' });
    const asOrganiser = await admin('POST', `people/${organiser.id}/erase`);
    expect(asOrganiser.statusCode).toBe(404);
    expect(errorOf(asOrganiser)).toBe('Personne introuvable.');

    const visitor = await createVisitor(ctx.db);
    expect((await admin('POST', `people/${visitor.user.id}/erase`)).statusCode).toBe(200);
    const again = await admin('POST', `people/${visitor.user.id}/erase`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Cette personne a déjà été supprimée.');
  });
});

describe('erasing a person, everywhere they are named', () => {
  it('also blanks the organisers’ copies of their contact message and enquiry, and the enquiry’s follow-up in the audit log', async () => {
    const visitor = await createVisitor(ctx.db);
    const email = visitor.user.email;
    const contact = await call(ctx.app, 'POST', 'contact', {
      body: { name: 'Nadia Secrète', email, phone: '0612345678', message: 'Mon message privé' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const enquiry = await call(ctx.app, 'POST', 'demandes-exposants', {
      body: { nom: 'Nadia Secrète', email, telephone: '0612345679', societe: 'Secret SARL', lang: 'fr' },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const [row] = await ctx.db
      .select({ id: demandesExposants.id })
      .from(demandesExposants)
      .where(eq(demandesExposants.email, email));
    expect(
      (await admin('PUT', `enquiries/${row!.id}`, { status: 'contacte', notes: 'Appelée mardi' })).statusCode,
    ).toBe(200);
    const mentions = async () =>
      (await ctx.db.select().from(mailOutbox))
        .map((m) => JSON.stringify(m))
        .filter((m) => m.includes('Nadia Secrète') || m.includes(email));
    expect((await mentions()).length).toBeGreaterThanOrEqual(2);

    expect((await admin('POST', `people/${visitor.user.id}/erase`)).statusCode).toBe(200);
    expect(await mentions()).toEqual([]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'enquiries'), eq(auditLog.recordId, String(row!.id))));
    expect(audit).toHaveLength(1);
    for (const text of ['Nadia Secrète', email, 'Appelée mardi', 'Secret SARL']) {
      expect(JSON.stringify(audit)).not.toContain(text);
    }
  });

  it('erases a person once when two organisers ask at the same time', async () => {
    const visitor = await createVisitor(ctx.db);
    const answers = await Promise.all([1, 2].map(() => admin('POST', `people/${visitor.user.id}/erase`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /admin/people/:id/erase'), eq(auditLog.recordId, String(visitor.user.id))));
    expect(entries).toHaveLength(1);
  });

  it('does not write back a note a device sends again after the erasure, nor retry their mails', async () => {
    const visitor = await createVisitor(ctx.db);
    const clientId = randomUUID();
    const scan = (note: string) =>
      call(ctx.app, 'POST', 'scans', {
        token: exhibitorToken,
        body: { scans: [{ id: clientId, badge: badgeOf(visitor.registration), scannedAt: APP_NOW, note }] },
      });
    expect((await scan('Très intéressée')).statusCode).toBe(200);
    const [failed] = await ctx.db
      .insert(mailOutbox)
      .values({ to: visitor.user.email, subject: 'Votre badge', text: 'Bonjour', status: 'failed' })
      .returning({ id: mailOutbox.id });

    expect((await admin('POST', `people/${visitor.user.id}/erase`)).statusCode).toBe(200);
    expect((await scan('Très intéressée, encore')).statusCode).toBe(200);
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, clientId));
    expect(stored!.note).toBeNull();
    const retry = await admin('POST', `mails/${failed!.id}/retry`);
    expect(retry.statusCode).toBe(400);
  });

  it('records who downloaded visiteurs.xlsx, and with which filter', async () => {
    const filter = JSON.stringify({ pays: 'Sénégal' });
    const res = await admin('GET', `visitors/export.xlsx?filter=${encodeURIComponent(filter)}`);
    expect(res.statusCode).toBe(200);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'GET /admin/visitors/export.xlsx'))
      .orderBy(auditLog.id);
    expect(entries.at(-1)).toMatchObject({ userId: organiserId, after: { filter } });
  });
});

describe('retention', () => {
  type Settings = { id: number; enabled: boolean; months: number; lastRunAt: string | null; cutoff: string };
  type DryRun = { cutoff: string; total: number; people: { id: number; name: string; email: string }[] };
  const jobDeps = () => ({
    db: ctx.db,
    clock: createClock(APP_NOW),
    mailDir: mailDir(ctx.config),
    log: { info: () => undefined, error: () => undefined },
  });

  it('is off by default, 24 months after the show’s last day', async () => {
    const res = await admin('GET', 'retention/1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: 1, enabled: false, months: 24, lastRunAt: null, cutoff: '2026-06-01' });
  });

  it('refuses 0 months and 400 months at the field, and saves a valid change', async () => {
    for (const months of [0, 400]) {
      const res = await admin('PUT', 'retention/1', { enabled: true, months });
      expect(res.statusCode).toBe(400);
      const { details } = res.json<{ error: { details: { errors: { path: string[]; message: string }[] } } }>().error;
      expect(details.errors).toEqual([
        {
          path: ['body', 'months'],
          message: 'retentionMonths',
        },
      ]);
    }
    const saved = await admin('PUT', 'retention/1', { enabled: false, months: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Settings>()).toMatchObject({ enabled: false, months: 12, cutoff: '2025-06-01' });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.resource, 'retention'));
    expect(entry).toMatchObject({ action: 'PUT /admin/retention/1', before: { months: 24 }, after: { months: 12 } });
    await admin('PUT', 'retention/1', { enabled: false, months: 24 });
  });

  it('lists in the dry-run exactly the visitors whose latest show ended more than the months ago', async () => {
    const old = await visitorOf2017({ name: 'Ancien Visiteur' });
    const erased = await visitorOf2017();
    await admin('POST', `people/${erased.id}/erase`);
    const oldExhibitor = await createUser(ctx.db, { type: 'exhibitor' });
    await ctx.db.insert(registrations).values({ eventId: OLD_EVENT_ID, userId: oldExhibitor.id, type: 'exhibitor' });
    const res = await admin('GET', 'retention/1/dry-run');
    expect(res.statusCode, res.body).toBe(200);
    const dryRun = res.json<DryRun>();
    expect(dryRun).toMatchObject({ cutoff: '2026-06-01', total: 1 });
    expect(dryRun.people).toEqual([
      { id: old.id, name: 'Ancien Visiteur', email: old.email, createdAt: old.createdAt.toISOString() },
    ]);

    // At 12 months the visitors of 2024 are past too; those who never registered (signed up now) are not.
    await admin('PUT', 'retention/1', { enabled: false, months: 12 });
    const shorter = (await admin('GET', 'retention/1/dry-run')).json<DryRun>();
    const visitorsOf2024 = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(registrations, eq(registrations.userId, users.id))
      .where(and(eq(users.type, 'visitor'), eq(registrations.eventId, EVENT_ID)));
    const notErased = [];
    for (const { id } of visitorsOf2024) if (!(await userRow(id)).anonymisedAt) notErased.push(id);
    expect(shorter.cutoff).toBe('2025-06-01');
    expect(shorter.people.map((p) => p.id).sort((a, b) => a - b)).toEqual([old.id, ...notErased].sort((a, b) => a - b));
    await admin('PUT', 'retention/1', { enabled: false, months: 24 });
  });

  it('runs on the dry-run’s ids only those still past retention, and records the run', async () => {
    const first = await visitorOf2017({ name: 'Premier Ancien' });
    const back = await visitorOf2017({ name: 'Revenu Cette Année' });
    const current = await createVisitor(ctx.db, { name: 'Visiteur Actuel' });
    const bystander = await visitorOf2017({ name: 'Pas Dans La Liste' });
    // Registered for the current show after the dry-run: no longer past retention.
    await ctx.db.insert(registrations).values({ eventId: EVENT_ID, userId: back.id, type: 'visitor', confirmed: true });

    const res = await admin('POST', 'retention/1/run', { ids: [first.id, back.id, current.user.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ anonymised: 1 });
    expect((await userRow(first.id)).name).toBe('Personne supprimée');
    expect((await userRow(back.id)).name).toBe('Revenu Cette Année');
    expect((await userRow(current.user.id)).anonymisedAt).toBeNull();
    expect((await userRow(bystander.id)).anonymisedAt).toBeNull();
    const settings = (await admin('GET', 'retention/1')).json<Settings>();
    expect(settings.lastRunAt).not.toBeNull();
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'retention'), eq(auditLog.action, 'POST /admin/retention/1/run')));
    expect(entry).toMatchObject({ recordId: '1', userId: organiserId, after: { anonymised: [first.id] } });
  });

  it('refuses, at the field, an id no person can have', async () => {
    const res = await admin('POST', 'retention/1/run', { ids: [2 ** 40] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: { errors: { message: string }[] } } }>().error.details.errors[0]!.message).toBe(
      'Identifiant invalide.',
    );
  });

  it('refuses a run without a list of ids', async () => {
    const res = await admin('POST', 'retention/1/run', { ids: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: { errors: { message: string }[] } } }>().error.details.errors[0]!.message).toBe(
      'La liste des personnes à anonymiser est attendue.',
    );
  });

  it('has a daily job that does nothing while disabled and anonymises everyone past retention once enabled', async () => {
    const old = await visitorOf2017({ name: 'Ancien Pour Le Job' });
    const current = await createVisitor(ctx.db, { name: 'Actuel Pour Le Job' });
    await ctx.db.update(retentionSettings).set({ lastRunAt: null });

    expect(await runRetentionJob(jobDeps())).toBe(0);
    expect((await userRow(old.id)).anonymisedAt).toBeNull();

    await admin('PUT', 'retention/1', { enabled: true, months: 24 });
    const before = (await admin('GET', 'retention/1/dry-run')).json<DryRun>();
    expect(before.people.map((p) => p.id)).toContain(old.id);
    expect(await runRetentionJob(jobDeps())).toBe(before.total);
    expect((await userRow(old.id)).name).toBe('Personne supprimée');
    expect((await userRow(current.user.id)).anonymisedAt).toBeNull();
    expect((await admin('GET', 'retention/1/dry-run')).json<DryRun>().total).toBe(0);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'retention job'));
    expect(entry).toMatchObject({ userId: null, resource: 'retention', recordId: '1' });

    // Run again (another process starting, or a manual run before it): nothing left to do.
    expect(await runRetentionJob(jobDeps())).toBe(0);

    // Started in the API process, the job runs shortly after start, and stops on close.
    const later = await visitorOf2017();
    const job = startRetentionJob(jobDeps(), 10);
    for (let i = 0; i < 100 && !(await userRow(later.id)).anonymisedAt; i++)
      await new Promise((r) => setTimeout(r, 50));
    await job.stop();
    expect((await userRow(later.id)).name).toBe('Personne supprimée');
    await admin('PUT', 'retention/1', { enabled: false, months: 24 });
  });
});
