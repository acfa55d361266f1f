import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID, formatDateTime, type RegistrationType } from '@salon/shared';
import { scans } from '../../db/schema';
import { createBadgeSigner } from '../badges/badge-token';
import { showWallClock } from './scans-export';
import { allScans, tableScope, type ScanResult, type ScanView } from './scans.service';
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
import { createMailbox, invitationSecretIn } from '../../../test/mailbox';

let ctx: TestContext;
let signer: ReturnType<typeof createBadgeSigner>;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let collaborator: Awaited<ReturnType<typeof createCollaborator>>;
let other: Awaited<ReturnType<typeof createExhibitor>>;
let token: string;
let collaboratorToken: string;
let otherToken: string;

/** The QR text of a registration's badge, signed with the server's key. */
const badgeOf = (registration: { id: number; type: RegistrationType }, eventId = EVENT_ID) =>
  signer.sign({ registrationId: registration.id, type: registration.type, eventId, issuedAt: 1_716_000_000 });

const SHOW_MORNING = '2024-05-30T10:15:00+01:00';

function scan(badge: string, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), badge, scannedAt: SHOW_MORNING, ...extra };
}

async function send(items: unknown[], as = token) {
  const res = await call(ctx.app, 'POST', 'scans', { token: as, body: { scans: items } });
  return { res, results: res.statusCode === 200 ? res.json<{ data: ScanResult[] }>().data : [] };
}

async function list(query: string, as = token) {
  const res = await call(ctx.app, 'GET', `scans${query}`, { token: as });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ScanView[]; meta: { pagination: { total: number; pageCount: number } } }>();
}

const storedFor = (scannerId: number) => ctx.db.select().from(scans).where(eq(scans.scannerId, scannerId));

beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW: '2024-05-30T18:00:00+01:00' });
  signer = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY);
  exhibitor = await createExhibitor(ctx.db);
  collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Karim Collaborateur' });
  other = await createExhibitor(ctx.db);
  token = await login(ctx.app, exhibitor.user.email);
  collaboratorToken = await login(ctx.app, collaborator.user.email);
  otherToken = await login(ctx.app, other.user.email);
});
afterAll(() => ctx.close());

describe('scanning a badge', () => {
  it('records a visitor scanned by an exhibitor and answers with the visitor’s name, company and position', async () => {
    const visitor = await createVisitor(ctx.db, {
      name: 'Salma Visiteuse',
      company: 'Béton Sud',
      jobPosition: 'Acheteuse',
    });
    const item = scan(badgeOf(visitor.registration));
    const { res, results } = await send([item]);
    expect(res.statusCode).toBe(200);
    expect(results).toMatchObject([
      {
        id: item.id,
        status: 'recorded',
        scan: {
          id: item.id,
          typeScanned: 'visitor',
          createdAt: new Date(SHOW_MORNING).toISOString(),
          person: { name: 'Salma Visiteuse', company: 'Béton Sud', jobPosition: 'Acheteuse' },
          scanner: { id: exhibitor.user.id, name: exhibitor.user.name },
        },
      },
    ]);
    const [stored] = (await storedFor(exhibitor.user.id)).filter((s) => s.clientId === item.id);
    expect(stored).toMatchObject({ scannedId: visitor.user.id, typeScanned: 'visitor', scanDay: '2024-05-30' });
  });

  it('records another exhibitor’s collaborator as a collaborator scan', async () => {
    const theirs = await createCollaborator(ctx.db, other);
    const { results } = await send([scan(badgeOf(theirs.registration))]);
    expect(results[0]).toMatchObject({ status: 'recorded', scan: { typeScanned: 'collaborator' } });
  });

  it('counts the same person scanned twice on the same show day once, and says when it was first scanned', async () => {
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    const first = scan(badge);
    await send([first]);
    const again = scan(badge, { scannedAt: '2024-05-30T16:40:00+01:00' });
    const { results } = await send([again]);
    expect(results[0]).toMatchObject({
      id: again.id,
      status: 'alreadyScanned',
      scan: { id: first.id, createdAt: new Date(SHOW_MORNING).toISOString() },
    });
    const stored = (await storedFor(exhibitor.user.id)).filter((s) => s.scannedId === visitor.user.id);
    expect(stored.map((s) => s.clientId)).toEqual([first.id]);
  });

  it('records the same person again on the next show day, the day read in Marrakech’s time zone', async () => {
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    // 23:30 in Marrakech on the 29th is already the 30th in UTC+2 but still the 29th at the show.
    await send([scan(badge, { scannedAt: '2024-05-29T22:30:00Z' })]);
    const { results } = await send([scan(badge, { scannedAt: '2024-05-30T09:00:00+01:00' })]);
    expect(results[0]?.status).toBe('recorded');
    const days = (await storedFor(exhibitor.user.id))
      .filter((s) => s.scannedId === visitor.user.id)
      .map((s) => s.scanDay)
      .sort();
    expect(days).toEqual(['2024-05-29', '2024-05-30']);
  });

  it('takes each device-made id once: a batch sent twice is stored once and answers the same', async () => {
    const a = await createVisitor(ctx.db);
    const b = await createVisitor(ctx.db);
    const batch = [scan(badgeOf(a.registration)), scan(badgeOf(b.registration))];
    const first = await send(batch, collaboratorToken);
    const second = await send(batch, collaboratorToken);
    expect(second.results).toEqual(first.results);
    expect(second.results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    const stored = (await storedFor(collaborator.user.id)).filter((s) => batch.some((x) => x.id === s.clientId));
    expect(stored).toHaveLength(2);
  });

  it('saves a note and a rating sent again with the scan’s id, and keeps them when a later send leaves them out', async () => {
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration));
    await send([item]);
    const noted = await send([{ ...item, note: '  Intéressé par les grues  ', rating: 4 }]);
    expect(noted.results[0]).toMatchObject({
      status: 'recorded',
      scan: { note: 'Intéressé par les grues', rating: 4 },
    });
    const plain = await send([item]);
    expect(plain.results[0]).toMatchObject({ scan: { note: 'Intéressé par les grues', rating: 4 } });
    const cleared = await send([{ ...item, note: null, rating: null }]);
    expect(cleared.results[0]).toMatchObject({ scan: { note: null, rating: null } });
  });

  it('refuses a rating outside 1 to 5, a batch over 100 and an id that is not a uuid, at the field', async () => {
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    const rating = await send([scan(badge, { rating: 6 })]);
    expect(rating.res.statusCode).toBe(400);
    expect(JSON.stringify(rating.res.json())).toContain('rating');
    const tooMany = await send(Array.from({ length: 101 }, () => scan(badge)));
    expect(tooMany.res.statusCode).toBe(400);
    const badId = await send([scan(badge, { id: 'abc' })]);
    expect(badId.res.statusCode).toBe(400);
    expect((await storedFor(exhibitor.user.id)).some((s) => s.scannedId === visitor.user.id)).toBe(false);
  });

  it('keeps the time the badge was read offline, but not a time in the future or over 30 days old', async () => {
    const [a, b, c] = await Promise.all([createVisitor(ctx.db), createVisitor(ctx.db), createVisitor(ctx.db)]);
    const { results } = await send([
      scan(badgeOf(a.registration), { scannedAt: '2024-05-29T11:05:00+01:00' }),
      scan(badgeOf(b.registration), { scannedAt: '2024-06-20T10:00:00+01:00' }),
      scan(badgeOf(c.registration), { scannedAt: '2024-03-01T10:00:00+01:00' }),
    ]);
    const times = results.map((r) => (r.status === 'refused' ? null : new Date(r.scan.createdAt).getTime()));
    expect(times[0]).toBe(new Date('2024-05-29T11:05:00+01:00').getTime());
    const now = new Date('2024-05-30T18:00:00+01:00').getTime();
    for (const t of times.slice(1)) expect(Math.abs(t! - now)).toBeLessThan(60_000);
  });
});

describe('badges that are refused and recorded nowhere', () => {
  it('refuses a forged or altered badge, any other QR code, another edition’s badge, a revoked badge and one’s own', async () => {
    const visitor = await createVisitor(ctx.db);
    const genuine = badgeOf(visitor.registration);
    const forged = genuine.slice(0, -3) + (genuine.endsWith('AAA') ? 'BBB' : 'AAA');
    const otherKey = createBadgeSigner(
      (await import('node:crypto'))
        .generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
    ).sign({ registrationId: visitor.registration.id, type: 'visitor', eventId: EVENT_ID, issuedAt: 1_716_000_000 });
    const gone = await createCollaborator(ctx.db, exhibitor);
    expect((await call(ctx.app, 'DELETE', `users/${gone.user.id}`, { token })).statusCode).toBe(200);
    const cases = [
      scan(forged),
      scan(otherKey),
      scan('https://example.com/not-a-badge'),
      scan(badgeOf(visitor.registration, 6)),
      scan(badgeOf(gone.registration)),
      scan(badgeOf({ id: exhibitor.registration.id, type: 'exhibitor' })),
      // The type in the token is part of what is signed: a visitor badge claiming to be an exhibitor's.
      scan(badgeOf({ id: visitor.registration.id, type: 'exhibitor' })),
    ];
    const { results } = await send(cases);
    expect(results.map((r) => (r.status === 'refused' ? r.reason : r.status))).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'otherEvent',
      'revoked',
      'self',
      'invalid',
    ]);
    const stored = await ctx.db.select().from(scans);
    expect(stored.filter((s) => cases.some((c) => c.id === s.clientId))).toEqual([]);
  });

  it('refuses an id already used by another scanner instead of touching that scan', async () => {
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration));
    await send([item]);
    const { results } = await send([{ ...item, note: 'pris par un autre' }], otherToken);
    expect(results[0]).toEqual({ id: item.id, status: 'refused', reason: 'invalid' });
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(stored).toMatchObject({ scannerId: exhibitor.user.id, note: null });
  });
});

describe('Mes scans', () => {
  it('shows an exhibitor its own scans and, apart, its collaborators’ scans with who scanned', async () => {
    const visitor = await createVisitor(ctx.db, { name: 'Vu Par Karim' });
    await send([scan(badgeOf(visitor.registration))], collaboratorToken);
    const own = await list(`?filters[scanner][id][$eq]=${exhibitor.user.id}`);
    expect(own.data.every((s) => s.scanner.id === exhibitor.user.id)).toBe(true);
    expect(own.data.some((s) => s.person.name === 'Vu Par Karim')).toBe(false);
    const staff = await list(`?filters[scanner][exhibitor][id][$eq]=${exhibitor.user.id}`);
    expect(staff.data.find((s) => s.person.name === 'Vu Par Karim')?.scanner.name).toBe('Karim Collaborateur');
    expect(staff.data.every((s) => s.scanner.id === collaborator.user.id)).toBe(true);
  });

  it('shows a collaborator its own scans only', async () => {
    const mine = await list('', collaboratorToken);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((s) => s.scanner.id === collaborator.user.id)).toBe(true);
  });

  it('never widens what a caller gets: filters naming anyone else give an empty list', async () => {
    for (const query of [
      `?filters[scanner][id][$eq]=${exhibitor.user.id}`,
      `?filters[scanner][exhibitor][id][$eq]=${exhibitor.user.id}`,
      `?filters[scanner][id][$ne]=${other.user.id}`,
    ]) {
      expect((await list(query, otherToken)).data).toEqual([]);
    }
    // A collaborator naming its exhibitor, or asking for collaborators it does not have.
    expect((await list(`?filters[scanner][id]=${exhibitor.user.id}`, collaboratorToken)).data).toEqual([]);
    expect((await list(`?filters[scanner][exhibitor][id]=${collaborator.user.id}`, collaboratorToken)).data).toEqual(
      [],
    );
    const bad = await call(ctx.app, 'GET', 'scans?filters[scanned][id]=1', { token });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a deleted collaborator’s scans in the exhibitor’s table, under its name', async () => {
    const leaving = await createCollaborator(ctx.db, exhibitor, { name: 'Parti Avant La Fin' });
    const leavingToken = await login(ctx.app, leaving.user.email);
    const visitor = await createVisitor(ctx.db);
    await send([scan(badgeOf(visitor.registration))], leavingToken);
    expect((await call(ctx.app, 'DELETE', `users/${leaving.user.id}`, { token })).statusCode).toBe(200);
    const staff = await list(`?filters[scanner][exhibitor][id]=${exhibitor.user.id}`);
    expect(staff.data.some((s) => s.scanner.name === 'Parti Avant La Fin')).toBe(true);
  });

  it('pages 50 at a time, newest first', async () => {
    const visitors = await Promise.all(Array.from({ length: 55 }, () => createVisitor(ctx.db)));
    const pager = await createExhibitor(ctx.db);
    const pagerToken = await login(ctx.app, pager.user.email);
    await send(
      visitors.map((v, i) =>
        scan(badgeOf(v.registration), { scannedAt: new Date(Date.UTC(2024, 4, 30, 9, i)).toISOString() }),
      ),
      pagerToken,
    );
    const first = await list('', pagerToken);
    expect(first.data).toHaveLength(50);
    expect(first.meta.pagination).toMatchObject({ total: 55, pageCount: 2 });
    expect(first.data[0]!.createdAt > first.data[1]!.createdAt).toBe(true);
    expect((await list('?pagination[page]=2', pagerToken)).data).toHaveLength(5);
    // The total is kept a few seconds, but a new scan counts at once.
    const one = await createVisitor(ctx.db);
    await send([scan(badgeOf(one.registration))], pagerToken);
    expect((await list('', pagerToken)).meta.pagination.total).toBe(56);
  });

  it('counts a collaborator’s new scan at once in its exhibitor’s table', async () => {
    const before = (await list(`?filters[scanner][exhibitor][id]=${exhibitor.user.id}`)).meta.pagination.total;
    const visitor = await createVisitor(ctx.db);
    await send([scan(badgeOf(visitor.registration))], collaboratorToken);
    const after = (await list(`?filters[scanner][exhibitor][id]=${exhibitor.user.id}`)).meta.pagination.total;
    expect(after).toBe(before + 1);
  });

  it('asks anonymous callers to sign in', async () => {
    const anonymous = await call(ctx.app, 'GET', 'scans');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('SCANS.xlsx', () => {
  async function exportTable(table: string, as = token, lang = 'fr') {
    const res = await call(ctx.app, 'GET', `scans/export?table=${table}&lang=${lang}`, { token: as });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="SCANS.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    return workbook.worksheets[0]!;
  }

  it('holds every scan of the collaborators’ table with its columns, a real date shown dd/MM/yyyy HH:mm and the phone as text', async () => {
    const visitor = await createVisitor(ctx.db, {
      name: 'Export Visiteur',
      phone: '+212 600000042',
      company: 'Export SA',
    });
    const item = scan(badgeOf(visitor.registration), { note: 'Rappeler lundi', rating: 5 });
    await send([item], collaboratorToken);
    const sheet = await exportTable('scansByCollaborators');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Type',
      'Nom',
      'Email',
      'Téléphone',
      'Société',
      'Fonction',
      'Date & Heure',
      'Par',
      'Note',
      'Évaluation',
    ]);
    const staff = await list(`?filters[scanner][exhibitor][id]=${exhibitor.user.id}`);
    expect(sheet.rowCount - 1).toBe(staff.meta.pagination.total);
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(2).value === 'Export Visiteur') found = row;
    });
    expect(found).toBeDefined();
    const row = found!;
    expect(row.getCell(1).value).toBe('Visiteur');
    expect(row.getCell(4).value).toBe('+212 600000042');
    expect(row.getCell(5).value).toBe('Export SA');
    const date = row.getCell(7);
    expect(date.value).toBeInstanceOf(Date);
    expect(date.numFmt).toBe('dd/mm/yyyy hh:mm');
    // The cell holds Marrakech's wall-clock time, as the screen prints it.
    const shown = (date.value as Date).toISOString();
    expect(`${shown.slice(8, 10)}/${shown.slice(5, 7)}/${shown.slice(0, 4)} ${shown.slice(11, 16)}`).toBe(
      formatDateTime(SHOW_MORNING),
    );
    expect(row.getCell(8).value).toBe('Karim Collaborateur');
    expect(row.getCell(9).value).toBe('Rappeler lundi');
    expect(row.getCell(10).value).toBe(5);
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual(visitor.user.email.length);
  });

  it('exports an exhibitor’s own table without Par, in English when asked', async () => {
    const sheet = await exportTable('scansExposant', token, 'en');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Type',
      'Name',
      'Email',
      'Phone',
      'Company',
      'Position',
      'Date & Time',
      'Note',
      'Rating',
    ]);
    const own = await list('');
    expect(sheet.rowCount - 1).toBe(own.meta.pagination.total);
  });

  it('gives a collaborator its own scans and an empty collaborators’ table, and refuses an unknown table', async () => {
    const own = await exportTable('scansExposant', collaboratorToken);
    const mine = await list('', collaboratorToken);
    expect(own.rowCount - 1).toBe(mine.meta.pagination.total);
    expect((await exportTable('scansByCollaborators', collaboratorToken)).rowCount).toBe(1);
    const bad = await call(ctx.app, 'GET', 'scans/export?table=users', { token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('reading a whole table for the export', () => {
  it('reads every scan once, chunk after chunk, even when several share the same second', async () => {
    const reader = await createExhibitor(ctx.db);
    const visitors = await Promise.all(Array.from({ length: 7 }, () => createVisitor(ctx.db)));
    const sameSecond = new Date('2024-05-31T11:00:00+01:00');
    await ctx.db.insert(scans).values(
      visitors.map((v, i) => ({
        clientId: randomUUID(),
        eventId: EVENT_ID,
        scannerId: reader.user.id,
        exhibitorId: reader.user.id,
        scannedId: v.user.id,
        typeScanned: 'visitor' as const,
        createdAt: i < 5 ? sameSecond : new Date(sameSecond.getTime() + i * 60_000),
        scanDay: '2024-05-31',
      })),
    );
    const chunks: number[][] = [];
    for await (const rows of allScans(ctx.db, tableScope('scansExposant', reader.user), 2)) {
      chunks.push(rows.map((r) => r.serial));
    }
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 2, 1]);
    const serials = chunks.flat();
    expect(new Set(serials).size).toBe(7);
    const stored = await storedFor(reader.user.id);
    expect(serials.sort()).toEqual(stored.map((s) => s.id).sort());
  });
});

describe('the export’s wall clock', () => {
  it('writes Marrakech’s local time, which is UTC+1 at the show and UTC+0 during Ramadan', () => {
    expect(showWallClock(new Date('2024-05-30T09:05:00Z')).toISOString()).toBe('2024-05-30T10:05:00.000Z');
    expect(showWallClock(new Date('2024-03-20T09:05:00Z')).toISOString()).toBe('2024-03-20T09:05:00.000Z');
  });
});

describe('whose scans are', () => {
  it('a collaborator who leaves an exhibitor and joins another takes none of the leads it scanned along: the first keeps them, note and all', async () => {
    const mailbox = createMailbox(ctx.db);
    const a = await createExhibitor(ctx.db, { company: 'Société A' });
    const b = await createExhibitor(ctx.db, { company: 'Société B' });
    const person = await createVisitor(ctx.db, { name: 'Personne P', password: 'Secret-2024!' });
    const lead = await createVisitor(ctx.db, { name: 'Secret Lead of A', email: `lead-${randomUUID()}@corp.example` });
    const [tokenA, tokenB] = [await login(ctx.app, a.user.email), await login(ctx.app, b.user.email)];
    let address = 0;
    async function inviteP(exhibitorToken: string) {
      const invited = await call(ctx.app, 'POST', 'auth/local/register/', {
        token: exhibitorToken,
        body: { name: 'P', jobPosition: 'Commercial', email: person.user.email, phone: '+212 6 11 22 33 44' },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      expect(invited.json<{ data: { invitation: { id: number } } }>().data.invitation.id).toBeGreaterThan(0);
      const secret = invitationSecretIn((await mailbox.to(person.user.email)).at(-1)?.text ?? '');
      const accepted = await call(ctx.app, 'POST', 'collaborator-invitations/accept', {
        body: { token: secret },
        remoteAddress: `10.17.0.${++address}`,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      return accepted.json<{ jwt: string }>().jwt;
    }

    const asCollaboratorOfA = await inviteP(tokenA);
    const made = scan(badgeOf(lead.registration), { note: 'Veut 200 unités', rating: 5 });
    expect((await send([made], asCollaboratorOfA)).results[0]).toMatchObject({ status: 'recorded' });
    expect((await call(ctx.app, 'DELETE', `users/${person.user.id}`, { token: tokenA })).statusCode).toBe(200);
    const asCollaboratorOfB = await inviteP(tokenB);

    const ofB = await list(`?filters[scanner][exhibitor][id]=${b.user.id}`, tokenB);
    expect(ofB.data).toEqual([]);
    expect(ofB.meta.pagination.total).toBe(0);
    const ownOfP = await list('', asCollaboratorOfB);
    expect(ownOfP.data).toEqual([]);
    expect(ownOfP.meta.pagination.total).toBe(0);
    const exported = await call(ctx.app, 'GET', 'scans/export?table=scansByCollaborators&lang=fr', { token: tokenB });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);

    // A keeps the lead, with P's name under 'Par' and the note.
    const ofA = await list(`?filters[scanner][exhibitor][id]=${a.user.id}`, tokenA);
    expect(ofA.data).toHaveLength(1);
    expect(ofA.data[0]).toMatchObject({
      note: 'Veut 200 unités',
      rating: 5,
      person: { name: 'Secret Lead of A' },
      scanner: { id: person.user.id },
    });

    // The device resending A's scan now gets it refused; scanning the lead again records a new scan for B.
    expect((await send([{ ...made, note: 'Écrasée ?' }], asCollaboratorOfB)).results[0]).toEqual({
      id: made.id,
      status: 'refused',
      reason: 'invalid',
    });
    const again = (await send([scan(badgeOf(lead.registration))], asCollaboratorOfB)).results[0];
    expect(again).toMatchObject({ status: 'recorded', scan: { note: null, rating: null } });
    expect((await list(`?filters[scanner][exhibitor][id]=${b.user.id}`, tokenB)).data).toHaveLength(1);
    expect((await list(`?filters[scanner][exhibitor][id]=${a.user.id}`, tokenA)).data[0]?.note).toBe('Veut 200 unités');

    // The back office counts each scan for the exhibitor it was made for.
    const organiser = await createUser(ctx.db, { type: 'organiser' });
    const organiserToken = await signSession(organiser.id, organiser.tokenVersion);
    const record = async (id: number) => {
      const res = await call(ctx.app, 'GET', `admin/exhibitors/${id}`, { token: organiserToken });
      expect(res.statusCode).toBe(200);
      return res.json<{ scans: number; collaboratorList: { id: number; scans: number }[] }>();
    };
    expect((await record(a.user.id)).scans).toBe(1);
    const recordB = await record(b.user.id);
    expect(recordB.scans).toBe(1);
    expect(recordB.collaboratorList.find((c) => c.id === person.user.id)?.scans).toBe(1);
  });
});
