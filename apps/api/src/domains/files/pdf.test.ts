import { eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { conferences, halls, registrations, stands, users } from '../../db/schema';
import { etagMatches } from './files.routes';
import { createPdfService } from './pdf';
import { formatDayRange, formatHour, formatLongDay, pdfText } from './pdf/text';
import { TYPED_NAMES } from '../badges/badge-pdf.test-support';
import { createExhibitor, createTestApp, createVisitor, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let hallRows: (typeof halls.$inferSelect)[];
const exhibitors: Awaited<ReturnType<typeof createExhibitor>>[] = [];
let pending: Awaited<ReturnType<typeof createExhibitor>>;

/** pdf-parse puts line breaks and odd spaces between the pieces of text: one space each. */
async function textOf(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    const { text } = await parser.getText();
    return text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  ctx = await createTestApp();
  hallRows = await ctx.db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID)).orderBy(halls.position);
  // Spread over the halls; one name needs the ellipsis on the plan, one has an arrow.
  const names = [
    'Atlas Béton Industrie',
    'Œuvre & Façades du Sud',
    'Société Générale des Travaux Publics et du Bâtiment du Grand Sud Marocain',
    'Bureau d’études Ünal → Ingénierie',
    'Zénith Menuiserie',
    '3D Coffrages',
  ];
  for (const [i, company] of names.entries()) {
    const hall = hallRows[i % hallRows.length]!;
    const created = await createExhibitor(ctx.db, {
      company,
      secteurActivite: i === 0 ? 'Gros Oeuvre' : i === 1 ? '' : 'Décoration',
      pays: i === 3 ? 'Turquie' : 'Maroc',
      booth: `${hall.name.slice(-1)}-${String(i + 1).padStart(2, '0')}`,
      password: '',
    });
    await ctx.db.update(registrations).set({ gateId: hall.id }).where(eq(registrations.id, created.registration.id));
    exhibitors.push(created);
  }
  // Not in the directory, so in no PDF: unconfirmed, revoked, deleted, no company, another event.
  pending = await createExhibitor(ctx.db, { company: 'Exposant En Attente', booth: 'B-90', password: '' });
  await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, pending.registration.id));
  const revoked = await createExhibitor(ctx.db, { company: 'Exposant Révoqué', booth: 'B-91', password: '' });
  await ctx.db
    .update(registrations)
    .set({ revokedAt: new Date() })
    .where(eq(registrations.id, revoked.registration.id));
  const deleted = await createExhibitor(ctx.db, { company: 'Exposant Supprimé', booth: 'B-92', password: '' });
  await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
  await createExhibitor(ctx.db, { company: '  ', booth: 'B-93', password: '' });
  const past = await createExhibitor(ctx.db, { company: 'Exposant de 2017', booth: 'B-94', password: '' });
  await ctx.db.update(registrations).set({ eventId: 5 }).where(eq(registrations.id, past.registration.id));
  await createVisitor(ctx.db, { company: 'Visiteur Curieux' });
});
afterAll(() => ctx.close());

describe('the three PDFs', () => {
  it.each(['programme-2024.pdf', 'plan-2024.pdf', 'catalogue-2024.pdf'])(
    '%s is a real PDF, shown inline and cached for a minute',
    async (file) => {
      // Already deflated inside: the compression plugin leaves it as it is.
      const res = await get(`/assets/files/${file}`, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${file}"`);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.headers.etag).toMatch(/^"[a-z]+-\d+-[0-9a-f]{32}"$/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain("object-src 'none'");
    },
  );

  it('answers HEAD with the headers and no body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/assets/files/plan-2024.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toBe('');
  });

  it('gives an attachment with ?download=1', async () => {
    const res = await get('/assets/files/catalogue-2024.pdf?download=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="catalogue-2024.pdf"');
  });
});

describe('the programme', () => {
  it('lists every conference with its number, day and times as the specification writes them', async () => {
    const rows = await ctx.db.select().from(conferences).where(eq(conferences.eventId, DEMO_EDITION_ID));
    expect(rows).toHaveLength(10);
    const text = await textOf((await get('/assets/files/programme-2024.pdf')).rawPayload);
    expect(text).toContain('Salon International du Bâtiment');
    expect(text).toContain('29 mai – 1er juin 2024, Marrakech');
    expect(text).toContain('Construire le Maroc de demain : Horizon 2030');
    for (const day of ['Mercredi 29 mai 2024', 'Jeudi 30 mai 2024', 'Vendredi 31 mai 2024', 'Samedi 1er juin 2024']) {
      expect(text).toContain(day);
    }
    for (const c of rows) {
      expect(text).toContain(c.number);
      expect(text).toContain(`${formatHour(c.startsAt)} – ${formatHour(c.endsAt)}`);
      expect(text).toContain(c.title.fr!.slice(0, 30));
    }
    expect(text).toContain('10h00 – 12h00');
    expect(text).toContain('15h00 – 16h30');
    expect(text).toMatch(/Page 1 \/ \d/);
  });

  it('follows a change of a conference at the next request', async () => {
    const before = await get('/assets/files/programme-2024.pdf');
    const [first] = await ctx.db.select().from(conferences).where(eq(conferences.number, 'N°1'));
    await ctx.db
      .update(conferences)
      .set({ title: { ...first!.title, fr: 'Séance d’ouverture renommée' } })
      .where(eq(conferences.id, first!.id));
    try {
      const after = await get('/assets/files/programme-2024.pdf');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(await textOf(after.rawPayload)).toContain('Séance d’ouverture renommée');
    } finally {
      await ctx.db.update(conferences).set({ title: first!.title }).where(eq(conferences.id, first!.id));
    }
  });
});

describe('the catalogue', () => {
  it('lists every confirmed exhibitor, sorted by company, with hall, stand, sector and country', async () => {
    const text = await textOf((await get('/assets/files/catalogue-2024.pdf')).rawPayload);
    for (const e of exhibitors) expect(text).toContain(pdfText(e.user.company).slice(0, 20));
    // No font here has the arrow: drawn as '->', the arrow kept as the piece's ActualText.
    expect(text).toContain('Bureau d’études Ünal -> Ingénierie');
    expect(text).toMatch(/ O Œuvre & Façades/);
    expect(text).toContain(`${hallRows[0]!.name} — Stand A-01`);
    expect(text).toContain('Gros Oeuvre');
    expect(text).toContain('BTP');
    expect(text).toContain('Turquie');
    expect(text).toContain('6 exposants');
    const order = ['3D Coffrages', 'Atlas Béton', 'Bureau d’études', 'Œuvre & Façades', 'Société Générale', 'Zénith'];
    const positions = order.map((name) => text.indexOf(name));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const hidden of ['En Attente', 'Révoqué', 'Supprimé', 'de 2017', 'Visiteur Curieux']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('shows an exhibitor confirmed a moment ago, without a restart, under a new ETag', async () => {
    const before = await get('/assets/files/catalogue-2024.pdf');
    expect(await textOf(before.rawPayload)).not.toContain('Exposant En Attente');
    await ctx.db.update(registrations).set({ confirmed: true }).where(eq(registrations.id, pending.registration.id));
    try {
      const after = await get('/assets/files/catalogue-2024.pdf');
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(await textOf(after.rawPayload)).toContain('Exposant En Attente');
      // A browser holding the old copy gets the new one.
      const revalidated = await get('/assets/files/catalogue-2024.pdf', { 'if-none-match': before.headers.etag! });
      expect(revalidated.statusCode).toBe(200);
      const plan = await textOf((await get('/assets/files/plan-2024.pdf')).rawPayload);
      expect(plan).toContain('B-90');
    } finally {
      await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, pending.registration.id));
    }
    const reverted = await get('/assets/files/catalogue-2024.pdf');
    expect(reverted.headers.etag).toBe(before.headers.etag);
    expect(await textOf(reverted.rawPayload)).not.toContain('Exposant En Attente');
  });

  it('prints each company as it was typed, in every script, with the fonts embedded as subsets', async () => {
    const typed = Object.values(TYPED_NAMES);
    const created: number[] = [];
    for (const [i, company] of typed.entries()) {
      const e = await createExhibitor(ctx.db, { company, booth: `T-${i + 1}`, password: '' });
      created.push(e.user.id);
    }
    try {
      const catalogue = (await get('/assets/files/catalogue-2024.pdf')).rawPayload;
      const text = await textOf(catalogue);
      for (const company of typed) expect(text).toContain(company);
      expect(text).toContain('12 exposants');
      // Filed under its letter; other scripts under '#'.
      expect(text).toMatch(/ L Łukasz Öğüt-Ștefan/);
      expect(text).not.toContain('?');
      const raw = catalogue.toString('latin1');
      expect(raw).toContain('/FontFile2');
      for (const font of ['NotoSans-Bold', 'NotoSansArabic-Bold', 'NotoSansTifinagh-Regular']) {
        expect(raw).toMatch(new RegExp(`/FontName /[A-Z]{6}\\+${font}\\b`));
      }
      expect(raw).not.toContain('/Helvetica');
      const plan = await textOf((await get('/assets/files/plan-2024.pdf')).rawPayload);
      expect(plan).toContain(TYPED_NAMES.tifinagh.split(' ')[0]);
      expect(plan).not.toContain('?');
    } finally {
      await ctx.db.delete(users).where(inArray(users.id, created));
    }
  });

  it('follows a company renamed in place', async () => {
    const e = exhibitors[4]!;
    await ctx.db.update(users).set({ company: 'Zénith Menuiserie Renommée' }).where(eq(users.id, e.user.id));
    try {
      expect(await textOf((await get('/assets/files/catalogue-2024.pdf')).rawPayload)).toContain(
        'Zénith Menuiserie Renommée',
      );
    } finally {
      await ctx.db.update(users).set({ company: e.user.company }).where(eq(users.id, e.user.id));
    }
  });
});

describe('the floor plan', () => {
  it('draws every hall and every stand with its exhibitor', async () => {
    const text = await textOf((await get('/assets/files/plan-2024.pdf')).rawPayload);
    for (const hall of hallRows) expect(text).toContain(hall.name);
    for (const e of exhibitors) expect(text).toContain(e.registration.booth!);
    expect(text).toContain('Atlas Béton Industrie');
    // Too long for its box: shortened with an ellipsis.
    expect(text).toMatch(/Société Générale des Travaux[^…]{0,60}…/);
    expect(text).not.toContain('B-90');
    expect(text).toContain('Légende');
  });

  it('keeps every stand when a hall is too full for one page', async () => {
    const hall = hallRows[1]!;
    const rows = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          type: 'exhibitor' as const,
          roleId: 1,
          name: `Remplissage ${i}`,
          email: `remplissage-${i}@example.com`,
          username: `remplissage-${i}@example.com`,
          company: `Remplissage ${i}`,
        })),
      )
      .returning({ id: users.id });
    await ctx.db.insert(registrations).values(
      rows.map((u, i) => ({
        eventId: DEMO_EDITION_ID,
        userId: u.id,
        type: 'exhibitor' as const,
        confirmed: true,
        gateId: hall.id,
        booth: `Z-${i + 1}`,
      })),
    );
    const created = rows.map((r) => r.id);
    try {
      const res = await get('/assets/files/plan-2024.pdf');
      const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
      const { text, total } = await parser.getText();
      await parser.destroy();
      expect(total).toBeGreaterThan(1);
      const words = new Set(text.split(/\s+/));
      for (let i = 1; i <= 400; i++) expect(words.has(`Z-${i}`), `Z-${i}`).toBe(true);
      for (const e of exhibitors) expect(text).toContain(e.registration.booth!);
      expect(text).toContain('Détail en page');
    } finally {
      await ctx.db.delete(users).where(inArray(users.id, created));
    }
  });
});

describe('the floor plan of a hall laid out', () => {
  it('draws the hall from its stands, each exhibitor on its own and the free ones too, and follows a stand moved', async () => {
    const hall = hallRows[2]!;
    const laidOut = exhibitors.filter((e) => e.registration.gateId === hall.id);
    await ctx.db.update(halls).set({ planWidth: 60, planHeight: 40 }).where(eq(halls.id, hall.id));
    const placed = await ctx.db
      .insert(stands)
      .values([
        ...laidOut.map((e, i) => ({
          eventId: DEMO_EDITION_ID,
          gateId: hall.id,
          number: e.registration.booth!.toLowerCase(),
          x: 2 + i * 8,
          y: 2,
          width: 6,
          height: 4,
        })),
        { eventId: DEMO_EDITION_ID, gateId: hall.id, number: 'C-LIBRE', x: 2, y: 30, width: 6, height: 4 },
      ])
      .returning({ id: stands.id });
    try {
      const before = await get('/assets/files/plan-2024.pdf');
      const text = await textOf(before.rawPayload);
      expect(text).toContain('halls à l’échelle de leur plan');
      expect(text).toContain('C-LIBRE');
      for (const e of laidOut) {
        expect(text).toContain(e.registration.booth!.toLowerCase());
        expect(text).toContain(pdfText(e.user.company).slice(0, 12));
      }
      // Every other exhibitor is still on the plan, in its hall's grid.
      for (const e of exhibitors) expect(text.toLowerCase()).toContain(e.registration.booth!.toLowerCase());

      await ctx.db
        .update(stands)
        .set({ y: 20 })
        .where(eq(stands.id, placed.at(-1)!.id));
      const after = await get('/assets/files/plan-2024.pdf');
      expect(after.headers.etag).not.toBe(before.headers.etag);

      // A hall made wider is a new plan; the catalogue, which prints no size, stays as it was.
      const catalogue = await get('/assets/files/catalogue-2024.pdf');
      await ctx.db.update(halls).set({ planWidth: 70 }).where(eq(halls.id, hall.id));
      const wider = await get('/assets/files/plan-2024.pdf');
      expect(wider.headers.etag).not.toBe(after.headers.etag);
      expect((await get('/assets/files/catalogue-2024.pdf')).headers.etag).toBe(catalogue.headers.etag);
    } finally {
      await ctx.db.delete(stands).where(eq(stands.gateId, hall.id));
      await ctx.db.update(halls).set({ planWidth: null, planHeight: null }).where(eq(halls.id, hall.id));
    }
  });
});

describe('caching', () => {
  it('answers 304 to an unchanged request with If-None-Match', async () => {
    for (const file of ['programme-2024.pdf', 'plan-2024.pdf', 'catalogue-2024.pdf']) {
      const first = await get(`/assets/files/${file}`);
      const again = await get(`/assets/files/${file}`, { 'if-none-match': first.headers.etag! });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe('public, max-age=60');
      const weak = await get(`/assets/files/${file}`, { 'if-none-match': `"other", W/${first.headers.etag!}` });
      expect(weak.statusCode).toBe(304);
    }
  });

  it('serves the same bytes again while nothing changes, and makes a PDF once for simultaneous requests', async () => {
    // A new hall changes the plan's data: nothing is cached for it yet.
    const [hall] = await ctx.db
      .insert(halls)
      .values({ eventId: DEMO_EDITION_ID, name: 'Hall F', position: 9 })
      .returning();
    try {
      const responses = await Promise.all(Array.from({ length: 5 }, () => get('/assets/files/plan-2024.pdf')));
      const etags = new Set(responses.map((r) => r.headers.etag));
      expect(etags.size).toBe(1);
      for (const r of responses) expect(r.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
      expect(await textOf(responses[0]!.rawPayload)).toContain('Hall F');
      const later = await get('/assets/files/plan-2024.pdf');
      expect(later.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    } finally {
      await ctx.db.delete(halls).where(eq(halls.id, hall!.id));
    }
  });

  it('makes a PDF once for simultaneous requests, and again only when its data changes', async () => {
    const made: string[] = [];
    const pdfs = createPdfService(ctx.db, { onMade: ({ kind }) => made.push(kind) });
    const ask = async () => pdfs.get('catalogue', await pdfs.etag('catalogue', DEMO_EDITION_ID), DEMO_EDITION_ID);
    const first = await Promise.all(Array.from({ length: 8 }, ask));
    expect(made).toEqual(['catalogue']);
    expect(new Set(first.map((f) => f.etag)).size).toBe(1);
    await ask();
    expect(made).toHaveLength(1);
    await ctx.db
      .update(registrations)
      .set({ booth: 'A-77' })
      .where(eq(registrations.id, exhibitors[0]!.registration.id));
    try {
      // Asked while the data changes: each gets data at least as fresh as when it asked.
      const [, after] = await Promise.all([ask(), ask()]);
      expect(after.etag).not.toBe(first[0]!.etag);
      expect(await textOf(after.body)).toContain('Stand A-77');
      expect(made).toEqual(['catalogue', 'catalogue']);
    } finally {
      await ctx.db
        .update(registrations)
        .set({ booth: exhibitors[0]!.registration.booth })
        .where(eq(registrations.id, exhibitors[0]!.registration.id));
    }
  });

  it('compares ETags weakly, as If-None-Match requires', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});

describe('dates in French', () => {
  it('writes days and times as the specification does', () => {
    expect(formatLongDay('2024-05-29')).toBe('Mercredi 29 mai 2024');
    expect(formatLongDay('2024-06-01')).toBe('Samedi 1er juin 2024');
    expect(formatDayRange('2024-05-29', '2024-06-01')).toBe('29 mai – 1er juin 2024');
    expect(formatHour('10:00:00')).toBe('10h00');
    expect(formatHour('09:30')).toBe('9h30');
  });
});
