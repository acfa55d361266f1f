import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, showDay } from '@salon/shared';
import { scans, users } from '../../db/schema';
import { TYPED_NAMES } from '../badges/badge-pdf.test-support';
import { createExhibitor, createVisitor, type Exhibitor } from '../../../test/fixtures';
import { call, withoutRequestId } from '../../../test/helper';
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
} from './scans.test-support';
import { renderLeadReport } from './lead-report-pdf';
import type { LeadReport } from './lead-report.service';

/**
 * 'Bilan': the exhibitor's leads counted by day, hour, collaborator, rating,
 * answer and follow-up, its hall's median where enough exhibitors make it, and the same as a PDF.
 */

useScansScene();

const report = async (as = token, query = '') => {
  const res = await call(ctx.app, 'GET', `scans/report${query}`, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Record<string, unknown> }>().data;
};

async function textOf(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Leads of another exhibitor of the hall, straight into the table: `perDay` by show day. */
async function leadsOf(ex: Exhibitor, perDay: Record<string, number>) {
  for (const [day, n] of Object.entries(perDay)) {
    for (let i = 0; i < n; i++) {
      const visitor = await createVisitor(ctx.db);
      const createdAt = new Date(`${day}T11:00:00+01:00`);
      await ctx.db.insert(scans).values({
        clientId: randomUUID(),
        eventId: DEMO_EDITION_ID,
        scannerId: ex.user.id,
        scannedId: visitor.user.id,
        exhibitorId: ex.user.id,
        typeScanned: 'visitor',
        createdAt,
        scanDay: showDay(createdAt),
      });
    }
  }
}

/** The leads of the tests below: five for the exhibitor over two days (two by its collaborator), two for the other. */
async function knownLeads() {
  const saved = await call(ctx.app, 'PUT', 'lead-questions', {
    token,
    body: {
      questions: [
        { kind: 'single', label: 'Budget', choices: ['< 1 M MAD', '1–5 M MAD', '> 5 M MAD'] },
        { kind: 'multiple', label: 'Produits', choices: ['Grues', 'Béton'] },
        { kind: 'text', label: 'Date du chantier' },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const [budget, products, date] = saved.json<{ data: { id: number }[] }>().data;
  const v = await Promise.all(
    Array.from({ length: 6 }, (_, i) => createVisitor(ctx.db, { name: `Salma Visiteuse ${i}` })),
  );
  const at = (day: string, time: string) => `${day}T${time}:00+01:00`;
  const first = scan(badgeOf(v[0]!.registration), {
    scannedAt: at('2024-05-29', '10:15'),
    rating: 5,
    answers: [
      { question: budget!.id, choices: ['< 1 M MAD'] },
      { question: products!.id, choices: ['Grues', 'Béton'] },
    ],
  });
  const mine = [
    first,
    scan(badgeOf(v[1]!.registration), {
      scannedAt: at('2024-05-29', '10:45'),
      rating: 3,
      answers: [
        { question: budget!.id, choices: ['1–5 M MAD'] },
        { question: date!.id, text: 'Septembre' },
      ],
    }),
    scan(badgeOf(v[2]!.registration), { scannedAt: at('2024-05-30', '14:05') }),
  ];
  const collaborators = [
    scan(badgeOf(v[3]!.registration), {
      scannedAt: at('2024-05-30', '14:30'),
      rating: 5,
      answers: [{ question: products!.id, choices: ['Béton'] }],
    }),
    scan(badgeOf(v[4]!.registration), { scannedAt: at('2024-05-30', '16:10'), rating: 1 }),
  ];
  const others = [
    scan(badgeOf(v[0]!.registration), { scannedAt: at('2024-05-29', '10:20'), rating: 2 }),
    scan(badgeOf(v[5]!.registration), { scannedAt: at('2024-05-29', '12:00'), rating: 2 }),
  ];
  for (const [items, as] of [
    [mine, token],
    [collaborators, collaboratorToken],
    [others, otherToken],
  ] as const) {
    const { res, results } = await send(items, as);
    expect(res.statusCode, res.body).toBe(200);
    expect(results.map((r) => r.status)).toEqual(items.map(() => 'recorded'));
  }
  for (const [id, followUp, as] of [
    [first.id, 'to_contact', token],
    [collaborators[0]!.id, 'contacted', token],
    [others[0]!.id, 'contacted', otherToken],
  ] as const) {
    const res = await call(ctx.app, 'PUT', `scans/${id}`, { token: as, body: { followUp } });
    expect(res.statusCode, res.body).toBe(200);
  }
  // The person of the collaborator's second lead is erased: the lead still counts, naming nobody.
  await ctx.db.update(users).set({ anonymisedAt: new Date() }).where(eq(users.id, v[4]!.user.id));
  return { budget: budget!.id, products: products!.id, date: date!.id };
}

const days = (leads: number[], medians: (number | null)[] = [null, null, null, null]) =>
  ['2024-05-29', '2024-05-30', '2024-05-31', '2024-06-01'].map((day, i) => ({
    day,
    leads: leads[i]!,
    hallMedian: medians[i]!,
  }));

describe('the exhibitor’s report', () => {
  let questions: { budget: number; products: number; date: number };

  it('counts the exhibitor’s leads and its collaborators’ by day, hour, collaborator, rating, answer and follow-up', async () => {
    questions = await knownLeads();
    expect(await report()).toEqual({
      year: 2024,
      total: 5,
      people: 5,
      perDay: 1.3,
      days: days([2, 3, 0, 0]),
      hours: [
        { hour: 10, leads: 2 },
        { hour: 11, leads: 0 },
        { hour: 12, leads: 0 },
        { hour: 13, leads: 0 },
        { hour: 14, leads: 2 },
        { hour: 15, leads: 0 },
        { hour: 16, leads: 1 },
      ],
      scanners: [
        { id: exhibitor.user.id, name: exhibitor.user.name, leads: 3 },
        { id: collaborator.user.id, name: 'Karim Collaborateur', leads: 2 },
      ],
      ratings: [
        { rating: 5, leads: 2 },
        { rating: 4, leads: 0 },
        { rating: 3, leads: 1 },
        { rating: 2, leads: 0 },
        { rating: 1, leads: 1 },
        { rating: null, leads: 1 },
      ],
      followUps: [
        { status: 'to_contact', leads: 1 },
        { status: 'contacted', leads: 1 },
        { status: 'no_follow_up', leads: 0 },
        { status: null, leads: 3 },
      ],
      questions: [
        {
          id: questions.budget,
          label: 'Budget',
          kind: 'single',
          answered: 2,
          unanswered: 3,
          choices: [
            { choice: '< 1 M MAD', leads: 1 },
            { choice: '1–5 M MAD', leads: 1 },
            { choice: '> 5 M MAD', leads: 0 },
          ],
        },
        {
          id: questions.products,
          label: 'Produits',
          kind: 'multiple',
          answered: 2,
          unanswered: 3,
          choices: [
            { choice: 'Grues', leads: 1 },
            { choice: 'Béton', leads: 2 },
          ],
        },
        { id: questions.date, label: 'Date du chantier', kind: 'text', answered: 1, unanswered: 4, choices: [] },
      ],
      // The other exhibitor is alone with it in the hall: no median.
      hall: { name: exhibitor.gate.name, exhibitors: 1, median: null },
    });
  });

  it('another exhibitor’s leads are never in the figures: the other exhibitor reads its own two', async () => {
    const theirs = await report(otherToken);
    expect(theirs).toMatchObject({
      total: 2,
      days: days([2, 0, 0, 0]),
      hours: [
        { hour: 10, leads: 1 },
        { hour: 11, leads: 0 },
        { hour: 12, leads: 1 },
      ],
      scanners: [{ id: other.user.id, name: other.user.name, leads: 2 }],
      followUps: [
        { status: 'to_contact', leads: 0 },
        { status: 'contacted', leads: 1 },
        { status: 'no_follow_up', leads: 0 },
        { status: null, leads: 1 },
      ],
      questions: [],
    });
  });

  it('hides the hall’s median while four other exhibitors make it, and shows it from five', async () => {
    await leadsOf(await createExhibitor(ctx.db), { '2024-05-29': 1, '2024-05-30': 3 });
    await leadsOf(await createExhibitor(ctx.db), { '2024-05-30': 6 });
    await leadsOf(await createExhibitor(ctx.db), { '2024-05-30': 3 });
    const four = await report();
    expect(four.hall).toEqual({ name: exhibitor.gate.name, exhibitors: 4, median: null });
    expect(four.days).toEqual(days([2, 3, 0, 0]));

    await leadsOf(await createExhibitor(ctx.db), { '2024-05-29': 5, '2024-05-30': 5 });
    const five = await report();
    // Totals 2, 4, 6, 3 and 10: median 4, one a day; 29 May 2, 1, 0, 0, 5: 1; 30 May 0, 3, 6, 3, 5: 3.
    expect(five.hall).toEqual({ name: exhibitor.gate.name, exhibitors: 5, median: { total: 4, perDay: 1 } });
    expect(five.days).toEqual(days([2, 3, 0, 0], [1, 3, 0, 0]));
    // The exhibitor's own figures did not move.
    expect(five.total).toBe(5);
  });

  it('is the exhibitor’s management view: its collaborator gets a 403 saying who may, for the figures and the PDF', async () => {
    for (const url of ['scans/report', 'scans/report.pdf']) {
      const res = await call(ctx.app, 'GET', url, { token: collaboratorToken });
      expect(res.statusCode).toBe(403);
      expect(withoutRequestId(res)).toEqual({
        error: { status: 403, name: 'ForbiddenError', message: 'Réservé aux exposants.', details: {} },
      });
    }
  });

  it('refuses a parameter it does not take and an edition no year holds', async () => {
    const unknown = await call(ctx.app, 'GET', 'scans/report?table=scansExposant', { token });
    expect(unknown.statusCode).toBe(400);
    const missing = await call(ctx.app, 'GET', 'scans/report?edition=1999', { token });
    expect(missing.statusCode).toBe(404);
    expect(await report(token, '?edition=2024')).toMatchObject({ year: 2024, total: 5 });
  });

  it('report.pdf is the same report as a PDF, in French or in English, naming no scanned person', async () => {
    const fr = await call(ctx.app, 'GET', 'scans/report.pdf', { token });
    expect(fr.statusCode, fr.body).toBe(200);
    expect(fr.headers['content-type']).toBe('application/pdf');
    expect(fr.headers['content-disposition']).toBe('attachment; filename="bilan-2024.pdf"');
    expect(fr.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(fr.rawPayload.length).toBeGreaterThan(2_000);
    expect(fr.rawPayload.length).toBeLessThan(100_000);
    const text = await textOf(fr.rawPayload);
    for (const expected of [
      'Bilan des leads 2024',
      '5 leads (5 personnes distinctes), 1,3 par jour en moyenne',
      `Médiane du hall : 4 leads, 1 par jour.`,
      'Par collaborateur',
      'Karim Collaborateur',
      'Sans évaluation',
      'À recontacter',
      'Budget',
      '1–5 M MAD',
      'Date du chantier',
      // Days and hours as the page writes them.
      'Mercredi 29 mai 2 (1)',
      'Jeudi 30 mai',
      '10h 2',
      '16h 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Visiteuse');
    expect(text).not.toMatch(/mer\. 29|10:00/);

    const en = await call(ctx.app, 'GET', 'scans/report.pdf?lang=en', { token });
    expect(en.headers['content-disposition']).toBe('attachment; filename="report-2024.pdf"');
    const english = await textOf(en.rawPayload);
    expect(english).toContain('Leads report 2024');
    expect(english).toContain('5 leads (5 different people), 1.3 a day on average');
    expect(english).toContain('Hall median: 4 leads, 1 a day.');
    expect(english).toContain('Per collaborator');
    expect(english).toContain('Wednesday 29 May');
    expect(english).toContain('10:00 2');

    // A hall where most exhibitors have no lead: its median of 0 is explained, not printed as a figure.
    const shown = await report();
    const zero = { ...(shown as LeadReport), hall: { name: 'Hall A', exhibitors: 7, median: { total: 0, perDay: 0 } } };
    const said = await textOf(
      await renderLeadReport({ report: zero, company: null, lang: 'fr', createdAt: new Date() }),
    );
    expect(said).toContain(
      'Pas de comparaison utile : plus de la moitié des 7 autres exposants du hall n’ont enregistré aucun lead (médiane : 0).',
    );
    expect(said).not.toContain('Médiane du hall');
  });

  it('counts a visitor scanned by the exhibitor and by its collaborator as two leads and one person, on the page and in the PDF', async () => {
    const visitor = await createVisitor(ctx.db);
    await send([scan(badgeOf(visitor.registration))]);
    await send([scan(badgeOf(visitor.registration), { scannedAt: '2024-05-30T10:21:00+01:00' })], collaboratorToken);
    expect(await report()).toMatchObject({ total: 7, people: 6 });
    const pdf = await call(ctx.app, 'GET', 'scans/report.pdf', { token });
    expect(await textOf(pdf.rawPayload)).toContain('7 leads (6 personnes distinctes)');
  });

  it('report.pdf prints the company and the collaborators as they were typed, in any script', async () => {
    const names = { company: exhibitor.user.company, mine: exhibitor.user.name, theirs: collaborator.user.name };
    await ctx.db
      .update(users)
      .set({ company: TYPED_NAMES.mixedCompany, name: TYPED_NAMES.latin })
      .where(eq(users.id, exhibitor.user.id));
    await ctx.db.update(users).set({ name: TYPED_NAMES.arabic }).where(eq(users.id, collaborator.user.id));
    try {
      const res = await call(ctx.app, 'GET', 'scans/report.pdf', { token });
      expect(res.statusCode, res.body).toBe(200);
      const text = await textOf(res.rawPayload);
      for (const typed of [
        `Bilan des leads 2024 — ${TYPED_NAMES.mixedCompany}`,
        TYPED_NAMES.latin,
        TYPED_NAMES.arabic,
      ]) {
        expect(text).toContain(typed);
      }
      expect(text).not.toContain('?');
      expect(res.rawPayload.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansArabic-Regular/);
    } finally {
      await ctx.db
        .update(users)
        .set({ company: names.company, name: names.mine })
        .where(eq(users.id, exhibitor.user.id));
      await ctx.db.update(users).set({ name: names.theirs }).where(eq(users.id, collaborator.user.id));
    }
  });
});
