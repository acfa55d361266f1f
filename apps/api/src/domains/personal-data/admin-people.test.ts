import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { auditLog, contactMessages, mailOutbox, newsletters, registrations } from '../../db/schema';
import { createUser, createVisitor } from '../../../test/fixtures';
import {
  admin,
  ctx,
  errorOf,
  exhibitor,
  organiserId,
  rowsOf,
  scanByExhibitor,
  usePersonalDataScene,
  workbookOf,
} from './personal-data.test-support';

/**
 * The back-office's people: the visitors list, resending a badge and one person's data (the
 * erasure: person-erasure.test.ts; retention: retention.test.ts). The clock is 1 March 2026.
 */

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

usePersonalDataScene();

const filterOf = (filter: Record<string, unknown> | unknown[]) => encodeURIComponent(JSON.stringify(filter));

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
      expect.objectContaining({
        id: visitor.registration.id,
        eventId: DEMO_EDITION_ID,
        type: 'visitor',
        badge: 'valide',
      }),
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
      'Ne plus contacter',
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
