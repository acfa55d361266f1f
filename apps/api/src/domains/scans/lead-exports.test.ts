import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createVisitor } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import { TYPED_NAMES } from '../badges/badge-pdf.test-support';
import { foldLine, nameParts } from './lead-exports';
import {
  badgeOf,
  collaboratorToken,
  ctx,
  exhibitor,
  otherToken,
  scan,
  send,
  token,
  useScansScene,
} from './scans.test-support';

/**
 * The leads' exports: SCANS.xlsx with the specification's columns first and
 * the lead's after them, SCANS.csv for a CRM's import and SCANS.vcf (vCard 4.0).
 */

useScansScene();

const SPEC_COLUMNS = ['Type', 'Nom', 'Email', 'Téléphone', 'Société', 'Fonction', 'Date & Heure', 'Note', 'Évaluation'];

/** The exhibitor's two questions, and a lead of Salma Bennani's answering both, tagged and followed up. */
async function qualifiedLead() {
  const saved = await call(ctx.app, 'PUT', 'lead-questions', {
    token,
    body: {
      questions: [
        { kind: 'multiple', label: 'Produits', choices: ['Grues', 'Béton', 'Échafaudages'] },
        { kind: 'text', label: 'Date du chantier' },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const [products, date] = saved.json<{ data: { id: number }[] }>().data;
  const visitor = await createVisitor(ctx.db, {
    name: 'Salma Bennani El Idrissi',
    phone: '+212 600000077',
    company: 'Chantiers, Atlas; SA',
    jobPosition: 'Acheteuse',
  });
  const item = scan(badgeOf(visitor.registration), {
    note: '=HYPERLINK("http://x") rappeler',
    rating: 4,
    tags: ['devis', 'urgent'],
    answers: [
      { question: products!.id, choices: ['Béton', 'Grues'] },
      { question: date!.id, text: 'Septembre' },
    ],
  });
  const { res } = await send([item]);
  expect(res.statusCode, res.body).toBe(200);
  const followed = await call(ctx.app, 'PUT', `scans/${item.id}`, { token, body: { followUp: 'to_contact' } });
  expect(followed.statusCode, followed.body).toBe(200);
  return { visitor, item };
}

const exported = async (format: string, as = token, lang = 'fr') => {
  const res = await call(ctx.app, 'GET', `scans/export?table=scansExposant&format=${format}&lang=${lang}`, {
    token: as,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('the leads’ exports', () => {
  it('SCANS.xlsx keeps the specification’s columns first, unchanged, then the follow-up, the tags and one column per question', async () => {
    const { visitor } = await qualifiedLead();
    const res = await exported('xlsx');
    expect(res.headers['content-disposition']).toBe('attachment; filename="SCANS.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      ...SPEC_COLUMNS,
      'Suivi',
      'Étiquettes',
      'Produits',
      'Date du chantier',
      'Ne plus contacter',
    ]);
    let row: unknown[] | undefined;
    sheet.eachRow((r) => {
      if (r.getCell(2).value === visitor.user.name) row = (r.values as unknown[]).slice(1);
    });
    // A lead that did not ask to be forgotten leaves 'Ne plus contacter' empty (ExcelJS drops a last empty cell).
    expect(row?.slice(9)).toEqual(['À recontacter', 'devis, urgent', 'Grues, Béton', 'Septembre']);
  });

  it('SCANS.csv has the headers a CRM maps by itself, one lead a line, quoted where needed and never a formula', async () => {
    const { visitor } = await qualifiedLead();
    const res = await exported('csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="SCANS.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Last Name,Email,Phone Number,Company Name,Job Title,Notes,Rating,Follow-up,Tags,Scanned At,Scanned By,Produits,Date du chantier,Do Not Contact',
    );
    const line = lines.find((l) => l.includes(visitor.user.email));
    expect(line).toBe(
      [
        'Salma',
        'Bennani El Idrissi',
        visitor.user.email,
        '+212 600000077',
        '"Chantiers, Atlas; SA"',
        'Acheteuse',
        `"'=HYPERLINK(""http://x"") rappeler"`,
        '4',
        'À recontacter',
        '"devis, urgent"',
        '2024-05-30 10:15',
        exhibitor.user.name,
        '"Grues, Béton"',
        'Septembre',
        '',
      ].join(','),
    );
  });

  it('SCANS.vcf holds a vCard 4.0 per lead that a parser reads back whole, its lines folded at 75 octets', async () => {
    const { visitor, item } = await qualifiedLead();
    const res = await exported('vcf');
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="SCANS.vcf"');
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const cards = (ICAL.parse(res.body) as unknown[][]).map((c) => new ICAL.Component(c));
    const card = cards.find((c) => c.getFirstPropertyValue('email') === visitor.user.email)!;
    expect(card.getFirstPropertyValue('version')).toBe('4.0');
    expect(card.getFirstPropertyValue('uid')).toBe(`urn:uuid:${item.id}`);
    expect(card.getFirstPropertyValue('fn')).toBe('Salma Bennani El Idrissi');
    expect(card.getFirstPropertyValue('n')).toEqual(['Bennani El Idrissi', 'Salma', '', '', '']);
    expect(card.getFirstPropertyValue('org')).toBe('Chantiers, Atlas; SA');
    expect(card.getFirstPropertyValue('title')).toBe('Acheteuse');
    expect(card.getFirstPropertyValue('tel')).toBe('+212 600000077');
    expect(card.getFirstProperty('categories')!.getValues()).toEqual(['devis', 'urgent']);
    expect(card.getFirstPropertyValue('note')).toBe(
      [
        '=HYPERLINK("http://x") rappeler',
        'Évaluation : 4/5',
        'Suivi : À recontacter',
        'Produits : Grues, Béton',
        'Date du chantier : Septembre',
        `Scanné par ${exhibitor.user.name} le 2024-05-30 10:15`,
      ].join('\n'),
    );
  });

  it('leaves out of the CSV and the vCards a person erased since, whom SCANS.xlsx keeps as a count', async () => {
    const { visitor } = await qualifiedLead();
    await ctx.db.update(users).set({ anonymisedAt: new Date() }).where(eq(users.id, visitor.user.id));
    for (const format of ['csv', 'vcf']) {
      const { body } = await exported(format);
      expect(body).not.toContain(visitor.user.email);
      expect(body).not.toContain(`user-${visitor.user.id}`);
    }
  });

  it('marks a person who asked not to be contacted in SCANS.xlsx and SCANS.csv, without e-mail or phone in either, and leaves them out of SCANS.vcf', async () => {
    const { visitor, item } = await qualifiedLead();
    const asked = await call(ctx.app, 'POST', `ebadge/visited/${exhibitor.user.id}/do-not-contact`, {
      body: { token: visitor.registration.badgeKey },
      headers: { accept: 'application/json' },
    });
    expect(asked.json()).toEqual({ data: { doNotContact: true }, meta: {} });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported('xlsx')).rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    let row: unknown[] | undefined;
    sheet.eachRow((r) => {
      // The only lead of this name marked: the other tests' Salma Bennani never asked.
      const values = (r.values as unknown[]).slice(1);
      if (r.getCell(2).value === visitor.user.name && values.at(-1) === 'Oui') row = values;
    });
    expect(row?.slice(2, 5)).toEqual([undefined, undefined, 'Chantiers, Atlas; SA']);
    expect(row?.slice(9)).toEqual(['À recontacter', 'devis, urgent', 'Grues, Béton', 'Septembre', 'Oui']);
    const csv = (await exported('csv', token, 'en')).body.slice(1).split('\r\n');
    const line = csv.find((l) => l.startsWith('Salma,Bennani El Idrissi,,,'));
    expect(line?.split(',').slice(0, 4)).toEqual(['Salma', 'Bennani El Idrissi', '', '']);
    expect(line?.endsWith(',Septembre,Yes')).toBe(true);
    expect(csv.join('\n')).not.toContain(visitor.user.email);
    const vcf = (await exported('vcf')).body;
    expect(vcf).not.toContain(visitor.user.email);
    const cards = (ICAL.parse(vcf) as unknown[][]).map((c) => new ICAL.Component(c));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((c) => c.getFirstPropertyValue('uid'))).not.toContain(`urn:uuid:${item.id}`);
  });

  it('gives another exhibitor none of these leads in any format, and refuses a format it does not make', async () => {
    const { visitor } = await qualifiedLead();
    for (const format of ['csv', 'vcf'])
      expect((await exported(format, otherToken)).body).not.toContain(visitor.user.email);
    const bad = await call(ctx.app, 'GET', 'scans/export?table=scansExposant&format=pdf', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe(
      'Paramètre format attendu : xlsx, csv ou vcf.',
    );
  });
});

describe('the exports after Filtrer les scans, and the team’s file', () => {
  const download = async (query: string, as = token) => {
    const res = await call(ctx.app, 'GET', `scans/export?${query}`, { token: as });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const xlsxNames = async (query: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(query)).rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    return { header: rows[0]!.slice(1), names: rows.slice(1).map((r) => r[2]) };
  };

  it('exports only the leads the filters show, in each format, and the whole table without them', async () => {
    const { visitor } = await qualifiedLead();
    const unfollowed = await createVisitor(ctx.db, { name: 'Nadia Sans Suivi' });
    await send([scan(badgeOf(unfollowed.registration))]);
    const filtered = 'table=scansExposant&status=to_contact';
    const csv = (await download(`${filtered}&format=csv`)).body;
    expect(csv).toContain(visitor.user.email);
    expect(csv).not.toContain(unfollowed.user.email);
    const vcf = (await download(`${filtered}&format=vcf`)).body;
    expect(vcf).toContain(`EMAIL:${visitor.user.email}`);
    expect(vcf).not.toContain(unfollowed.user.email);
    const shown = (await xlsxNames(filtered)).names;
    expect(shown).toContain(visitor.user.name);
    expect(shown).not.toContain('Nadia Sans Suivi');
    // Without a filter, the specification's SCANS.xlsx: the whole table.
    expect((await xlsxNames('table=scansExposant')).names).toEqual(
      expect.arrayContaining(['Nadia Sans Suivi', visitor.user.name]),
    );
    const bad = await call(ctx.app, 'GET', 'scans/export?table=scansExposant&status=urgent', { token });
    expect(bad.statusCode).toBe(400);
  });

  it('the team’s file holds the exhibitor’s leads and its collaborators’ under one header, with who scanned, filtered the same', async () => {
    const { visitor } = await qualifiedLead();
    const theirs = await createVisitor(ctx.db, { name: 'Youssef Équipe' });
    const item = scan(badgeOf(theirs.registration), { note: 'Vu par Karim' });
    await send([item], collaboratorToken);
    await call(ctx.app, 'PUT', `scans/${item.id}`, { token: collaboratorToken, body: { followUp: 'to_contact' } });

    const lines = (await download('table=team&format=csv&status=to_contact')).body.slice(1).split('\r\n');
    const header = (await download('table=scansExposant&format=csv')).body.slice(1).split('\r\n')[0];
    expect(lines[0]).toBe(header);
    expect(lines[0]).toContain('Scanned By');
    expect(lines[0]).toContain('Produits,Date du chantier');
    const byEmail = (email: string) => lines.find((l) => l.includes(email)) ?? '';
    expect(byEmail(visitor.user.email)).toContain(exhibitor.user.name);
    expect(byEmail(theirs.user.email)).toContain('Vu par Karim');
    expect(byEmail(theirs.user.email)).toContain('Karim Collaborateur');

    const team = await xlsxNames('table=team&status=to_contact');
    expect(team.header).toContain('Par');
    expect(team.names).toEqual(expect.arrayContaining([visitor.user.name, 'Youssef Équipe']));
    // A collaborator's team file is what it sees: its own leads.
    const own = (await download('table=team&format=csv', collaboratorToken)).body;
    expect(own).toContain(theirs.user.email);
    expect(own).not.toContain(visitor.user.email);
  });
});

describe('the exports’ text rules', () => {
  it('cuts the one name field at its first space, and keeps a single word as the last name', () => {
    expect(nameParts('  Salma   Bennani El Idrissi ')).toEqual({ first: 'Salma', last: 'Bennani El Idrissi' });
    expect(nameParts('Madonna')).toEqual({ first: '', last: 'Madonna' });
  });

  it('folds a vCard line at 75 octets without cutting an accented letter in two', () => {
    const folded = foldLine(`NOTE:${'é'.repeat(80)}`);
    const lines = folded.split('\r\n').slice(0, -1);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`NOTE:${'é'.repeat(80)}`);
  });
});

describe('names as they were typed', () => {
  it('keeps an Arabic name, a company in Arabic and Latin and a Tifinagh job in SCANS.xlsx, SCANS.csv and SCANS.vcf', async () => {
    const visitor = await createVisitor(ctx.db, {
      name: TYPED_NAMES.arabic,
      company: TYPED_NAMES.mixedCompany,
      jobPosition: TYPED_NAMES.tifinagh,
    });
    const { res } = await send([scan(badgeOf(visitor.registration), { note: TYPED_NAMES.cyrillic })]);
    expect(res.statusCode, res.body).toBe(200);
    const [first, ...rest] = TYPED_NAMES.arabic.split(' ');
    const last = rest.join(' ');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported('xlsx')).rawPayload as unknown as ExcelJS.Buffer);
    let row: unknown[] | undefined;
    workbook.worksheets[0]!.eachRow((r) => {
      if (r.getCell(3).value === visitor.user.email) row = (r.values as unknown[]).slice(1);
    });
    expect(row?.[1]).toBe(TYPED_NAMES.arabic);
    expect(row?.slice(4, 6)).toEqual([TYPED_NAMES.mixedCompany, TYPED_NAMES.tifinagh]);
    expect(row?.[7]).toBe(TYPED_NAMES.cyrillic);

    // UTF-8 with its byte-order mark: Excel opens it without turning the letters into mojibake.
    const csv = await exported('csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const line = csv.body.split('\r\n').find((l) => l.includes(visitor.user.email));
    expect(line?.split(',').slice(0, 6)).toEqual([
      first,
      last,
      visitor.user.email,
      visitor.user.phone,
      TYPED_NAMES.mixedCompany,
      TYPED_NAMES.tifinagh,
    ]);

    const vcf = await exported('vcf');
    for (const l of vcf.body.split('\r\n')) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    const cards = (ICAL.parse(vcf.body) as unknown[][]).map((c) => new ICAL.Component(c));
    const card = cards.find((c) => c.getFirstPropertyValue('email') === visitor.user.email)!;
    expect(card.getFirstPropertyValue('fn')).toBe(TYPED_NAMES.arabic);
    expect(card.getFirstPropertyValue('n')).toEqual([last, first, '', '', '']);
    expect(card.getFirstPropertyValue('org')).toBe(TYPED_NAMES.mixedCompany);
    expect(card.getFirstPropertyValue('title')).toBe(TYPED_NAMES.tifinagh);
  });
});
