import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exhibitorPages, exhibitorUploads, registrations, scans } from '../../db/schema';
import { createMedia, createOrganiser, createVisitor, sessionOf } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import {
  badgeOf,
  collaborator,
  collaboratorToken,
  ctx,
  exhibitor,
  other,
  otherToken,
  scan,
  send,
  token,
  useScansScene,
} from '../scans/scans.test-support';

/**
 * 'Stands visités': the exhibitors whose stands scanned a visitor, on the
 * visitor's e-badge page, with the contact card and the document each chose to give, and 'Ne plus
 * me contacter', which the exhibitor's 'Mes scans' and exports honour.
 */

useScansScene();

const notFound = (message: string) => ({ error: { status: 404, name: 'NotFoundError', message, details: {} } });
const NO_BADGE = notFound('Ce lien n’est pas valide ou a expiré.');
const NOT_VISITED = notFound('Exposant introuvable.');
const withoutId = (res: { json: <T>() => T }) => {
  const body = res.json<{ error?: Record<string, unknown> }>();
  if (!body.error) return body;
  const { requestId: _r, ...error } = body.error;
  return { error };
};

const listOf = (key: string) => call(ctx.app, 'GET', `ebadge/visited?token=${key}`);
const vcfOf = (exhibitorId: number, key: string) =>
  call(ctx.app, 'GET', `ebadge/visited/${exhibitorId}/contact.vcf?token=${key}`);
const forget = (exhibitorId: number, key: string, headers: Record<string, string> = { accept: 'application/json' }) =>
  call(ctx.app, 'POST', `ebadge/visited/${exhibitorId}/do-not-contact`, { body: { token: key }, headers });

/** A PDF the exhibitor uploaded for its page. */
let pdfs = 0;
async function ownPdf(exhibitorId: number) {
  pdfs += 1;
  const pdf = await createMedia(ctx.db, {
    name: 'catalogue.pdf',
    path: `test/catalogue-${exhibitorId}-${pdfs}.pdf`,
    mime: 'application/pdf',
    width: null,
    height: null,
  });
  await ctx.db.insert(exhibitorUploads).values({ mediaId: pdf.id, userId: exhibitorId });
  return pdf;
}

/** A visitor the exhibitor and its collaborator both scanned (twice the same day is once). */
async function scannedVisitor() {
  const visitor = await createVisitor(ctx.db, { name: 'Nadia Visiteuse' });
  const badge = badgeOf(visitor.registration);
  for (const as of [token, collaboratorToken]) {
    const { res } = await send([scan(badge, { note: 'Très intéressée', rating: 5 })], as);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { visitor, key: visitor.registration.badgeKey };
}

describe('the exhibitor’s card for the visitors it scanned', () => {
  it('is saved whole by the exhibitor, with one of its own PDFs, and read back as saved', async () => {
    const pdf = await ownPdf(exhibitor.user.id);
    const res = await call(ctx.app, 'PUT', 'exhibitor-page/visitor-card', {
      token,
      body: { name: ' Samir Commercial ', email: 'samir@exposant.ma', phone: '+212 522 00 00 00', documentId: pdf.id },
    });
    expect(res.json()).toEqual({
      data: {
        name: 'Samir Commercial',
        email: 'samir@exposant.ma',
        phone: '+212 522 00 00 00',
        document: {
          id: pdf.id,
          name: 'catalogue.pdf',
          alternativeText: pdf.alt,
          mime: 'application/pdf',
          width: null,
          height: null,
          url: `/uploads/${pdf.path}`,
          formats: { small: { url: `/uploads/${pdf.path}` }, thumbnail: { url: `/uploads/${pdf.path}` } },
        },
      },
      meta: {},
    });
    expect((await call(ctx.app, 'GET', 'exhibitor-page/visitor-card', { token })).json()).toEqual(res.json());
  });

  it('refuses a bad e-mail and a 200-character name under their fields, and saves nothing', async () => {
    const before = (await call(ctx.app, 'GET', 'exhibitor-page/visitor-card', { token })).json<unknown>();
    const res = await call(ctx.app, 'PUT', 'exhibitor-page/visitor-card', {
      token,
      body: { name: 'N'.repeat(200), email: 'pas-une-adresse', phone: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(withoutId(res)).toEqual({
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Données invalides.',
        details: {
          errors: [
            { path: ['body', 'name'], message: 'tooLong' },
            { path: ['body', 'email'], message: 'email' },
            { path: ['body', 'phone'], message: 'phoneFormat' },
          ],
        },
      },
    });
    expect((await call(ctx.app, 'GET', 'exhibitor-page/visitor-card', { token })).json()).toEqual(before);
  });

  it('refuses a document the exhibitor did not upload, and a collaborator altogether', async () => {
    const theirs = await ownPdf(other.user.id);
    const res = await call(ctx.app, 'PUT', 'exhibitor-page/visitor-card', { token, body: { documentId: theirs.id } });
    expect(withoutId(res)).toEqual({
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Données invalides.',
        details: { errors: [{ path: ['body', 'documentId'], message: 'notYourFile' }] },
      },
    });
    const byCollaborator = await call(ctx.app, 'PUT', 'exhibitor-page/visitor-card', {
      token: collaboratorToken,
      body: { name: 'Karim' },
    });
    expect(byCollaborator.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(exhibitorPages).where(eq(exhibitorPages.userId, exhibitor.user.id));
    expect(row?.visitorContactName).toBe('Samir Commercial');
  });
});

describe('Stands visités', () => {
  it('lists each exhibitor that scanned the badge once, with its page, hall, stand, card and document, and nothing it wrote', async () => {
    const { key } = await scannedVisitor();
    const [card] = await ctx.db.select().from(exhibitorPages).where(eq(exhibitorPages.userId, exhibitor.user.id));
    const res = await listOf(key);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const company = exhibitor.user.company!;
    const slug = `${company.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${exhibitor.user.id}`;
    expect(res.json()).toEqual({
      data: [
        {
          id: exhibitor.user.id,
          slug,
          company,
          gate: { id: exhibitor.gate.id, name: exhibitor.gate.name },
          booth: 'A-01',
          contactCard: true,
          document: expect.objectContaining({ id: card!.visitorDocumentId, mime: 'application/pdf' }) as unknown,
          doNotContact: false,
        },
      ],
      meta: {},
    });
    expect(res.body).not.toContain('Très intéressée');
    expect(res.body).not.toContain(collaborator.user.email);
  });

  it('gives the exhibitor’s contact card as a vCard 4.0 that a parser reads back', async () => {
    const { key } = await scannedVisitor();
    const res = await vcfOf(exhibitor.user.id, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    const card = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
    expect(card.getFirstPropertyValue('version')).toBe('4.0');
    expect(card.getFirstPropertyValue('fn')).toBe('Samir Commercial');
    expect(card.getFirstPropertyValue('org')).toBe(exhibitor.user.company);
    expect(card.getFirstPropertyValue('email')).toBe('samir@exposant.ma');
    expect(card.getFirstPropertyValue('tel')).toBe('+212 522 00 00 00');
    expect(res.body).not.toContain(exhibitor.user.email);
    expect(res.body).not.toContain(collaborator.user.email);
  });

  it('writes the website as an escaped value: a line break stored in it adds no property or card', async () => {
    const { key } = await scannedVisitor();
    // As stored before links were refused with their control characters.
    await ctx.db
      .update(exhibitorPages)
      .set({ website: 'https://atlas.example/\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Service badges SIB' })
      .where(eq(exhibitorPages.userId, exhibitor.user.id));
    const res = await vcfOf(exhibitor.user.id, key);
    expect(res.body.match(/^BEGIN:VCARD/gm)).toHaveLength(1);
    expect(res.body).not.toMatch(/^FN:Service/m);
    const card = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
    expect(card.getFirstPropertyValue('fn')).toBe('Samir Commercial');
  });

  it('reaches only the exhibitors that scanned the badge: another badge, another exhibitor or no card is a 404', async () => {
    const { key } = await scannedVisitor();
    const stranger = await createVisitor(ctx.db);
    expect((await listOf(stranger.registration.badgeKey)).json()).toEqual({ data: [], meta: {} });
    expect(withoutId(await vcfOf(exhibitor.user.id, stranger.registration.badgeKey))).toEqual(NOT_VISITED);
    expect(withoutId(await forget(exhibitor.user.id, stranger.registration.badgeKey))).toEqual(NOT_VISITED);
    expect(withoutId(await vcfOf(other.user.id, key))).toEqual(NOT_VISITED);
    expect(withoutId(await forget(other.user.id, key))).toEqual(NOT_VISITED);
    expect(withoutId(await vcfOf(collaborator.user.id, key))).toEqual(NOT_VISITED);
    expect(withoutId(await listOf('6f1c2b9e-0000-4000-8000-000000000000'))).toEqual(NO_BADGE);
    // Scanned by the other exhibitor, which gave no card: listed, but no .vcf.
    const visitor = await createVisitor(ctx.db);
    await send([scan(badgeOf(visitor.registration))], otherToken);
    const listed = (await listOf(visitor.registration.badgeKey)).json<{ data: { contactCard: boolean }[] }>();
    expect(listed.data.map((s) => s.contactCard)).toEqual([false]);
    expect(withoutId(await vcfOf(other.user.id, visitor.registration.badgeKey))).toEqual(NOT_VISITED);
  });

  it('records ‘Ne plus me contacter’ once, shows it on the page and on the lead, and keeps it for a scan made after', async () => {
    const { visitor, key } = await scannedVisitor();
    expect((await forget(exhibitor.user.id, key)).json()).toEqual({ data: { doNotContact: true }, meta: {} });
    const [first] = await ctx.db.select().from(scans).where(eq(scans.scannedId, visitor.user.id));
    // Asked again, from the page's form without scripts: the same request, back to the page.
    const again = await call(ctx.app, 'POST', `ebadge/visited/${exhibitor.user.id}/do-not-contact`, {
      body: `token=${key}&back=${encodeURIComponent(`/ebadge?token=${key}#stands-visited`)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      xsrf: false,
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/ebadge?token=${key}#stands-visited`);
    const stored = await ctx.db.select().from(scans).where(eq(scans.scannedId, visitor.user.id));
    expect(stored.length).toBe(2);
    for (const s of stored) expect(s.doNotContactAt).toEqual(first!.doNotContactAt);
    expect((await listOf(key)).json<{ data: { doNotContact: boolean }[] }>().data[0]!.doNotContact).toBe(true);
    const leads = await call(ctx.app, 'GET', 'scans?pagination[pageSize]=100', { token });
    expect(leads.statusCode, leads.body).toBe(200);
    const lead = leads.json<{ data: { doNotContact: boolean; person: Record<string, string | null> }[] }>().data;
    // The lead shows no e-mail and no phone, as the files leave them out.
    expect(lead.find((l) => l.person.name === visitor.user.name)).toMatchObject({
      doNotContact: true,
      person: { email: null, phone: null, company: visitor.user.company },
    });
    // A scan of another day, sent later from a phone that was offline: the new lead is as asked.
    const later = await send([scan(badgeOf(visitor.registration), { scannedAt: '2024-05-29T17:00:00+01:00' })]);
    expect(later.results[0]).toMatchObject({ status: 'recorded', scan: { doNotContact: true } });
  });

  it('takes ‘Ne plus me contacter’ back with ‘Annuler’: the lead shows the e-mail and phone again', async () => {
    const { visitor, key } = await scannedVisitor();
    await forget(exhibitor.user.id, key);
    const undone = await call(ctx.app, 'POST', `ebadge/visited/${exhibitor.user.id}/do-not-contact`, {
      body: `token=${key}&undo=1&back=${encodeURIComponent(`/ebadge?token=${key}#stands-visited`)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      xsrf: false,
    });
    expect(undone.statusCode).toBe(303);
    const stored = await ctx.db.select().from(scans).where(eq(scans.scannedId, visitor.user.id));
    expect(stored.every((s) => s.doNotContactAt === null)).toBe(true);
    expect((await listOf(key)).json<{ data: { doNotContact: boolean }[] }>().data[0]!.doNotContact).toBe(false);
    const leads = await call(ctx.app, 'GET', 'scans?pagination[pageSize]=100', { token });
    const lead = leads.json<{ data: { doNotContact: boolean; person: Record<string, string | null> }[] }>().data;
    expect(lead.find((l) => l.person.name === visitor.user.name)).toMatchObject({
      doNotContact: false,
      person: { email: visitor.user.email, phone: visitor.user.phone },
    });
  });

  it('refuses ‘Ne plus me contacter’ posted without the XSRF pair or from another site, and records nothing', async () => {
    const { visitor, key } = await scannedVisitor();
    const attempts: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const res = await call(ctx.app, 'POST', `ebadge/visited/${exhibitor.user.id}/do-not-contact`, {
        body: { token: key },
        headers,
        xsrf: false,
      });
      expect(withoutId(res)).toEqual({
        error: { status: 403, name: 'ForbiddenError', message: 'Jeton XSRF manquant ou invalide.', details: {} },
      });
    }
    const stored = await ctx.db.select().from(scans).where(eq(scans.scannedId, visitor.user.id));
    expect(stored.every((s) => s.doNotContactAt === null)).toBe(true);
  });

  it('shows nothing for a cancelled badge: the list, the card and the request are 404s', async () => {
    const { visitor, key } = await scannedVisitor();
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, visitor.registration.id));
    expect(withoutId(await listOf(key))).toEqual(NO_BADGE);
    expect(withoutId(await vcfOf(exhibitor.user.id, key))).toEqual(NO_BADGE);
    expect(withoutId(await forget(exhibitor.user.id, key))).toEqual(NO_BADGE);
  });

  it('shows nothing once the person is erased, and their data export names the exhibitors they asked', async () => {
    const { visitor, key } = await scannedVisitor();
    await forget(exhibitor.user.id, key);
    const organiser = await sessionOf(ctx, await createOrganiser(ctx.db));
    const exported = await call(ctx.app, 'GET', `admin/people/${visitor.user.id}/export.json`, { token: organiser });
    expect(exported.statusCode, exported.body).toBe(200);
    const asked = exported.json<{ doNotContact: unknown[] }>().doNotContact;
    expect(asked).toEqual([
      {
        exhibitorId: exhibitor.user.id,
        exhibitorCompany: exhibitor.user.company,
        askedAt: expect.any(String) as unknown,
      },
    ]);
    const erased = await call(ctx.app, 'POST', `admin/people/${visitor.user.id}/erase`, { token: organiser });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(withoutId(await listOf(key))).toEqual(NO_BADGE);
    expect(withoutId(await vcfOf(exhibitor.user.id, key))).toEqual(NO_BADGE);
  });
});
