import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  collaboratorInvitations,
  demandesExposants,
  emailChanges,
  leadAnswers,
  mailOutbox,
  newsletters,
  registrations,
  scans,
} from '../../db/schema';
import { mailDir } from '../mail/transport';
import type { ScanView } from '../scans/scans.service';
import { createCollaborator, createUser, createVisitor, signSession } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import {
  admin,
  APP_NOW,
  badgeOf,
  ctx,
  errorOf,
  exhibitor,
  exhibitorToken,
  organiserId,
  rowsOf,
  scanByExhibitor,
  usePersonalDataScene,
  userRow,
  workbookOf,
} from './personal-data.test-support';

/**
 * Erasing a person from the back-office: anonymised wherever they are named, their badge
 * revoked, the exhibitors' scans kept without a name. The clock is 1 March 2026.
 */

usePersonalDataScene();

/** The specification's 2003 edition, present in every install (reference data). */
const EARLIER_EDITION = 1;

async function exhibitorScans() {
  const res = await call(ctx.app, 'GET', 'scans?pagination[pageSize]=100', { token: exhibitorToken });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: (ScanView & { erased?: true })[] }>().data;
}

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

  it('deletes the invitation its exhibitor typed about an erased collaborator, and the address change it asked for', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Nadia Invitée' });
    const typed = {
      name: 'Nadia Invitée',
      jobPosition: 'Commerciale',
      email: 'nadia@example.com',
      phone: '0612345678',
      expiresAt: new Date(APP_NOW),
    };
    await ctx.db
      .insert(collaboratorInvitations)
      .values({ exhibitorId: exhibitor.user.id, userId: collaborator.user.id, ...typed });
    await ctx.db
      .insert(emailChanges)
      .values({ userId: collaborator.user.id, email: 'nadia.nouvelle@example.com', expiresAt: new Date(APP_NOW) });

    const res = await admin('POST', `people/${collaborator.user.id}/erase`);
    expect(res.statusCode, res.body).toBe(200);
    const invitations = await ctx.db
      .select()
      .from(collaboratorInvitations)
      .where(eq(collaboratorInvitations.userId, collaborator.user.id));
    expect(invitations).toEqual([]);
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, collaborator.user.id))).toEqual([]);
  });

  it('revokes the person’s registrations of every edition, not only the current one’s', async () => {
    const visitor = await createVisitor(ctx.db, { name: 'Inès Deux Éditions' });
    // Also registered for an earlier edition of the install.
    const [earlier] = await ctx.db
      .insert(registrations)
      .values({ eventId: EARLIER_EDITION, userId: visitor.user.id, type: 'visitor', confirmed: true })
      .returning({ id: registrations.id });
    expect((await admin('POST', `people/${visitor.user.id}/erase`)).statusCode).toBe(200);
    const rows = await ctx.db
      .select({ id: registrations.id, revokedAt: registrations.revokedAt })
      .from(registrations)
      .where(eq(registrations.userId, visitor.user.id));
    expect(rows.map((r) => r.id).sort()).toEqual([visitor.registration.id, earlier!.id].sort());
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    const listed = await admin(
      'GET',
      `visitors?filter=${encodeURIComponent(JSON.stringify({ edition: EARLIER_EDITION }))}`,
    );
    expect(listed.body).not.toContain('Inès Deux Éditions');
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

  it('takes away the tags and answers written about an erased person, and keeps the lead’s follow-up', async () => {
    const visitor = await createVisitor(ctx.db);
    const questions = await call(ctx.app, 'PUT', 'lead-questions', {
      token: exhibitorToken,
      body: { questions: [{ kind: 'text', label: 'Projet' }] },
    });
    const [question] = questions.json<{ data: { id: number }[] }>().data;
    const clientId = randomUUID();
    const sent = await call(ctx.app, 'POST', 'scans', {
      token: exhibitorToken,
      body: {
        scans: [
          {
            id: clientId,
            badge: badgeOf(visitor.registration),
            scannedAt: APP_NOW,
            tags: ['Villa à Agadir'],
            answers: [{ question: question!.id, text: 'Maison de sa fille' }],
          },
        ],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const lead = await call(ctx.app, 'PUT', `scans/${clientId}`, {
      token: exhibitorToken,
      body: { followUp: 'contacted' },
    });
    expect(lead.statusCode).toBe(200);

    expect((await admin('POST', `people/${visitor.user.id}/erase`)).statusCode).toBe(200);
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, clientId));
    expect(stored).toMatchObject({ tags: [], followUp: 'contacted' });
    expect(await ctx.db.select().from(leadAnswers).where(eq(leadAnswers.scanId, stored!.id))).toEqual([]);
    // Sent again by a device that kept it, nothing comes back.
    await call(ctx.app, 'POST', 'scans', {
      token: exhibitorToken,
      body: {
        scans: [
          {
            id: clientId,
            badge: badgeOf(visitor.registration),
            scannedAt: APP_NOW,
            tags: ['Villa à Agadir'],
            answers: [{ question: question!.id, text: 'Maison de sa fille' }],
          },
        ],
      },
    });
    const [after] = await ctx.db.select().from(scans).where(eq(scans.clientId, clientId));
    expect(after!.tags).toEqual([]);
    expect(await ctx.db.select().from(leadAnswers).where(eq(leadAnswers.scanId, stored!.id))).toEqual([]);
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
