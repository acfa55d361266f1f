import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, formatDateTime } from '@salon/shared';
import { scans } from '../../db/schema';
import { showWallClock } from './scans-export';
import { allScans, createScanTotals, listScans, tableScope, totalKey, type ScanView } from './scans.service';
import { localCacheBus } from '../../lib/cache-bus';
import { createCollaborator, createExhibitor, createUser, createVisitor, signSession } from '../../../test/fixtures';
import { call, login } from '../../../test/helper';
import { createMailbox, invitationSecretIn } from '../../../test/mailbox';
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
  SHOW_MORNING,
  token,
  useScansScene,
} from './scans.test-support';

/**
 * The scans an exhibitor and its collaborators see: 'Mes scans', SCANS.xlsx and whose scans
 * they are when a collaborator moves to another exhibitor.
 */

useScansScene();

async function list(query: string, as = token) {
  const res = await call(ctx.app, 'GET', `scans${query}`, { token: as });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ScanView[]; meta: { pagination: { total: number; pageCount: number } } }>();
}

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
      const res = await call(ctx.app, 'GET', `scans${query}`, { token: otherToken });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ data: [], meta: { pagination: { page: 1, pageSize: 50, pageCount: 0, total: 0 } } });
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
    // As a phone's browser asks for it: Brotli, in one piece whose length is known (compressed in
    // one call, not through a stream sent in chunks), and the same page once decompressed.
    const compressed = await call(ctx.app, 'GET', 'scans', { token: pagerToken, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['transfer-encoding']).toBeUndefined();
    expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(first);
    const second = await list('?pagination[page]=2', pagerToken);
    expect(second.data).toHaveLength(5);
    // A smaller page, as a client may ask: the same order, cut 20 at a time.
    const newestFirst = [...first.data, ...second.data].map((s) => s.id);
    const third = await list('?pagination[page]=3&pagination[pageSize]=20', pagerToken);
    expect(third.data.map((s) => s.id)).toEqual(newestFirst.slice(40));
    expect(third.meta.pagination).toMatchObject({ total: 55, pageCount: 3 });
    // The total is kept a few seconds, but a new scan counts at once.
    const one = await createVisitor(ctx.db);
    await send([scan(badgeOf(one.registration))], pagerToken);
    expect((await list('', pagerToken)).meta.pagination.total).toBe(56);
  });

  it('lists a scan exactly as its recording answered it, with its two parties and not a field more', async () => {
    const visitor = await createVisitor(ctx.db, { name: 'Salma Exacte', company: 'Atlas Béton' });
    const item = scan(badgeOf(visitor.registration), {
      scannedAt: '2024-05-30T10:15:00.123+01:00',
      note: 'Devis « dalles » à envoyer',
      rating: 4,
    });
    const [recorded] = (await send([item], collaboratorToken)).results;
    if (recorded?.status !== 'recorded') throw new Error(`not recorded: ${JSON.stringify(recorded)}`);
    const scanned = {
      id: visitor.user.id,
      name: 'Salma Exacte',
      email: visitor.user.email,
      phone: visitor.user.phone,
      company: 'Atlas Béton',
      jobPosition: visitor.user.jobPosition,
      type: 'visitor',
    };
    const byCollaborator = {
      id: collaborator.user.id,
      name: 'Karim Collaborateur',
      email: collaborator.user.email,
      phone: collaborator.user.phone,
      company: collaborator.user.company,
      jobPosition: collaborator.user.jobPosition,
      type: 'collaborator',
    };
    const own = await list('', collaboratorToken);
    expect(own.data.find((s) => s.id === item.id)).toStrictEqual({
      ...recorded.scan,
      createdAt: '2024-05-30T09:15:00.123Z',
      erased: false,
      users: [scanned, byCollaborator],
    });
    const staff = await list(
      `?filters[scanner][exhibitor][id]=${exhibitor.user.id}&populate[users][populate][exhibitor]=*&populate[users][filters][id][$ne]=${visitor.user.id}`,
    );
    expect((staff.data.find((s) => s.id === item.id) as { users?: unknown } | undefined)?.users).toStrictEqual([
      { ...byCollaborator, exhibitor: { id: exhibitor.user.id, company: exhibitor.user.company } },
    ]);
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
      'Suivi',
      'Étiquettes',
      'Ne plus contacter',
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
      // The lead's own columns come after the specification's.
      'Follow-up',
      'Tags',
      'Do not contact',
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

describe('the count of a table kept in memory', () => {
  const totalOf = (reply: string) =>
    (JSON.parse(reply) as { meta: { pagination: { total: number } } }).meta.pagination.total;

  it('is not brought back by a page read while a scan cleared it', async () => {
    const reader = await createExhibitor(ctx.db);
    const totals = createScanTotals(localCacheBus());
    const key = totalKey('scansExposant', reader.user.id, reader.user.id);
    await totals.load(key, async () => 7);
    const reading = listScans(ctx.db, 'scansExposant', reader.user, { page: 1, pageSize: 50 }, totals);
    // A scan recorded while the page is read clears the count (recordScans does this).
    totals.delete(key);
    expect(totalOf(await reading)).toBe(7);
    expect(totals.get(key)).toBeUndefined();
    // The next page counts again, and keeps that count.
    expect(totalOf(await listScans(ctx.db, 'scansExposant', reader.user, { page: 1, pageSize: 50 }, totals))).toBe(0);
    expect(totals.get(key)).toBe(0);
  });

  it('is not kept when a scan clears it while it is being counted', async () => {
    const reader = await createExhibitor(ctx.db);
    const totals = createScanTotals(localCacheBus());
    const key = totalKey('scansExposant', reader.user.id, reader.user.id);
    const reading = listScans(ctx.db, 'scansExposant', reader.user, { page: 1, pageSize: 50 }, totals);
    totals.delete(key);
    expect(totalOf(await reading)).toBe(0);
    expect(totals.get(key)).toBeUndefined();
    await listScans(ctx.db, 'scansExposant', reader.user, { page: 1, pageSize: 50 }, totals);
    expect(totals.get(key)).toBe(0);
  });
});

describe('reading a whole table for the export', () => {
  /** A scan `reader` made of `visitor` at `at`, as stored. */
  const scanOf = (reader: { user: { id: number } }, visitor: { user: { id: number } }, at: Date) => ({
    clientId: randomUUID(),
    eventId: DEMO_EDITION_ID,
    scannerId: reader.user.id,
    exhibitorId: reader.user.id,
    scannedId: visitor.user.id,
    typeScanned: 'visitor' as const,
    createdAt: at,
    scanDay: '2024-05-31',
  });

  it('reads every scan once, newest first, chunk after chunk, even when several share the same second', async () => {
    const reader = await createExhibitor(ctx.db);
    const visitors = await Promise.all(Array.from({ length: 7 }, () => createVisitor(ctx.db)));
    const sameSecond = new Date('2024-05-31T11:00:00+01:00');
    await ctx.db
      .insert(scans)
      .values(
        visitors.map((v, i) => scanOf(reader, v, i < 5 ? sameSecond : new Date(sameSecond.getTime() + i * 60_000))),
      );
    const chunks: string[][] = [];
    for await (const rows of allScans(ctx.db, tableScope('scansExposant', reader.user), 2)) {
      chunks.push(rows.map((r) => r.name));
    }
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 2, 1]);
    // The two later scans first, then the five of the same second, the last inserted first.
    expect(chunks.flat()).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => visitors[i]!.user.name));
  });

  it('reads the table as it stood when the export began, so that a scan made meanwhile is neither added nor read twice', async () => {
    const reader = await createExhibitor(ctx.db);
    const visitors = await Promise.all(Array.from({ length: 4 }, () => createVisitor(ctx.db)));
    await ctx.db
      .insert(scans)
      .values(visitors.slice(0, 3).map((v, i) => scanOf(reader, v, new Date(`2024-05-31T1${i}:00:00+01:00`))));
    const names: string[] = [];
    for await (const rows of allScans(ctx.db, tableScope('scansExposant', reader.user), 1)) {
      if (!names.length)
        await ctx.db.insert(scans).values(scanOf(reader, visitors[3]!, new Date('2024-05-31T09:00:00+01:00')));
      names.push(...rows.map((r) => r.name));
    }
    expect(names).toEqual([2, 1, 0].map((i) => visitors[i]!.user.name));
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
