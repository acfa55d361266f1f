import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type AdminEdition } from '@salon/shared';
import { loadConfig } from '../../../config/env';
import { seedReference } from '../../../db/seed';
import { editions, halls, openingHours, registrations, siteSettings, users, walletDevices } from '../../../db/schema';
import { call, createTestApp, type TestContext } from '../../../../test/helper';
import { createExhibitor, createOrganiser, createVisitor, sessionOf } from '../../../../test/fixtures';
import { walletCertificates } from '../../../../test/wallet-certificates';
import { apnsFromConfig, createApnsClient } from './apns';
import { createPassPushes, DEVICES_PER_PASS } from './pass-updates';
import { PASSKIT_ADDRESS_RATE_LIMIT, PASSKIT_RATE_LIMIT } from './passkit.routes';

/** Passes that stay true: Apple's PassKit web service, and the pushes through APNs. */

const chain = walletCertificates();
const TYPE = 'pass.test.salon';
const apnsKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const apnsPem = apnsKey.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

let ctx: TestContext;
let organiserToken: string;
beforeAll(async () => {
  ctx = await createTestApp({ ...chain.env, PUBLIC_URL: 'https://salon.example.ma' });
  organiserToken = await sessionOf(ctx, await createOrganiser(ctx.db));
});
afterAll(() => ctx.close());

/** A pass as Wallet holds it once added from the e-badge page: its pass.json. */
async function installed(badgeKey: string) {
  const res = await call(ctx.app, 'GET', `registrations/ebadge/wallet.pkpass?token=${badgeKey}`);
  expect(res.statusCode).toBe(200);
  return passJson(res.rawPayload);
}
const passJson = (pkpass: Buffer) =>
  JSON.parse(Buffer.from(unzipSync(pkpass)['pass.json']!).toString('utf8')) as {
    serialNumber: string;
    authenticationToken: string;
    webServiceURL: string;
    voided?: boolean;
    barcodes?: unknown[];
    eventTicket: { primaryFields: { value: string }[]; secondaryFields: { key: string; value: string }[] };
  };

type Pass = Awaited<ReturnType<typeof installed>>;
const hex = (n: number) => n.toString(16).padStart(64, 'a');
const ws = (rest: string) => `passkit/v1/${rest}`;
const auth = (pass: Pass, token = pass.authenticationToken) => ({ authorization: `ApplePass ${token}` });
const register = (device: string, pass: Pass, pushToken: string, token = pass.authenticationToken, address?: string) =>
  call(ctx.app, 'POST', ws(`devices/${device}/registrations/${TYPE}/${pass.serialNumber}`), {
    headers: auth(pass, token),
    body: { pushToken },
    xsrf: false,
    remoteAddress: address,
  });
const changedSince = (device: string, tag?: string) =>
  call(ctx.app, 'GET', ws(`devices/${device}/registrations/${TYPE}${tag ? `?passesUpdatedSince=${tag}` : ''}`));
const latest = (pass: Pass, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', ws(`passes/${TYPE}/${pass.serialNumber}`), { headers: { ...auth(pass), ...headers } });
let devices = 0;
const newDevice = () => `device${++devices}${Date.now()}`;

describe('the PassKit web service', () => {
  it('is named by every pass, with a token of the pass’s own', async () => {
    const [a, b] = [await createVisitor(ctx.db), await createVisitor(ctx.db)];
    const [passA, passB] = [await installed(a.registration.badgeKey), await installed(b.registration.badgeKey)];
    expect(passA.webServiceURL).toBe('https://salon.example.ma/backend/api/passkit');
    expect(passA.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(passA.authenticationToken).not.toBe(passB.authenticationToken);
  });

  it('registers a device for a pass with that pass’s token (201, then 200), and refuses another pass’s token with 401', async () => {
    const [a, b] = [await createVisitor(ctx.db), await createVisitor(ctx.db)];
    const [passA, passB] = [await installed(a.registration.badgeKey), await installed(b.registration.badgeKey)];
    const device = newDevice();
    expect((await register(device, passA, hex(1), passB.authenticationToken)).statusCode).toBe(401);
    expect((await register(device, passA, hex(1), 'x'.repeat(43))).statusCode).toBe(401);
    // The next pass's serial with this pass's token: 401 too.
    const next = { ...passA, serialNumber: `badge-${a.registration.id + 1}` };
    expect((await register(device, next, hex(1), passA.authenticationToken)).statusCode).toBe(401);
    expect((await register(device, passA, hex(1))).statusCode).toBe(201);
    expect((await register(device, passA, hex(2))).statusCode).toBe(200);
    const rows = await ctx.db.select().from(walletDevices).where(eq(walletDevices.deviceLibraryId, device));
    // The device's identifier, where to push, and nothing about the person.
    expect(rows).toEqual([expect.objectContaining({ registrationId: a.registration.id, pushToken: hex(2) })]);
    // Another pass type, a malformed push token: refused.
    const other = call(ctx.app, 'POST', ws(`devices/${device}/registrations/pass.other/${passA.serialNumber}`), {
      headers: auth(passA),
      body: { pushToken: hex(1) },
      xsrf: false,
    });
    expect((await other).statusCode).toBe(404);
    expect((await register(device, passA, 'not a token')).statusCode).toBe(400);
  });

  it('keeps one row when the same device registers twice at once, and holds a pass on a few devices at most, forgetting the oldest for the next one', async () => {
    const { registration } = await createVisitor(ctx.db);
    const pass = await installed(registration.badgeKey);
    const device = newDevice();
    const both = await Promise.all([register(device, pass, hex(3)), register(device, pass, hex(3))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const others: string[] = [];
    for (let i = 1; i < DEVICES_PER_PASS; i++) {
      others.push(newDevice());
      expect((await register(others.at(-1)!, pass, hex(i))).statusCode).toBe(201);
    }
    // A device already holding it may still tell its new push token.
    expect((await register(device, pass, hex(4))).statusCode).toBe(200);
    // The slots full (someone with a copy of the pass took them), the holder's next phone is taken.
    const holdersPhone = newDevice();
    expect((await register(holdersPhone, pass, hex(99))).statusCode).toBe(201);
    const held = await ctx.db
      .select({ device: walletDevices.deviceLibraryId })
      .from(walletDevices)
      .where(eq(walletDevices.registrationId, registration.id));
    expect(held.map((d) => d.device).sort()).toEqual([...others, holdersPhone].sort());
  });

  it('retires a pass’s token when the organiser sends the badge again: the copy before gets 401, the new pass works', async () => {
    const { user, registration } = await createVisitor(ctx.db);
    const before = await installed(registration.badgeKey);
    const device = newDevice();
    expect((await register(device, before, hex(12))).statusCode).toBe(201);
    const resent = await call(ctx.app, 'POST', `admin/visitors/${user.id}/resend-badge`, { token: organiserToken });
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await latest(before)).statusCode).toBe(401);
    expect((await register(newDevice(), before, hex(13))).statusCode).toBe(401);
    // The devices that held the old pass are forgotten: nothing is pushed to them any more.
    expect((await changedSince(device)).statusCode).toBe(204);
    const after = await installed(registration.badgeKey);
    expect(after.authenticationToken).not.toBe(before.authenticationToken);
    expect((await latest(after)).statusCode).toBe(200);
    expect((await register(device, after, hex(12))).statusCode).toBe(201);
    expect((await changedSince(device)).statusCode).toBe(200);
  });

  it('tells a device which of its passes changed since its tag, and nothing when none did', async () => {
    const [a, b] = [await createVisitor(ctx.db), await createVisitor(ctx.db)];
    const [passA, passB] = [await installed(a.registration.badgeKey), await installed(b.registration.badgeKey)];
    const device = newDevice();
    await register(device, passA, hex(5));
    await register(device, passB, hex(5));
    const all = await changedSince(device);
    expect(all.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = all.json<{ serialNumbers: string[]; lastUpdated: string }>();
    expect(serialNumbers.sort()).toEqual([passA.serialNumber, passB.serialNumber].sort());
    expect((await changedSince(device, lastUpdated)).statusCode).toBe(204);

    await ctx.db.update(users).set({ name: 'Salma Idrissi' }).where(eq(users.id, b.user.id));
    const one = (await changedSince(device, lastUpdated)).json<{ serialNumbers: string[]; lastUpdated: string }>();
    expect(one.serialNumbers).toEqual([passB.serialNumber]);
    expect(Number(one.lastUpdated)).toBeGreaterThan(Number(lastUpdated));
    // A device that holds nothing, or another pass type: nothing.
    expect((await changedSince(newDevice())).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', ws(`devices/${device}/registrations/pass.other`))).statusCode).toBe(404);
  });

  it('sends the latest pass to its token only, 304 when the device has it, and voids it once the badge is cancelled', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Atlas Béton', booth: 'B-14' });
    const pass = await installed(exhibitor.registration.badgeKey);
    await register(newDevice(), pass, hex(6));
    expect((await latest(pass, { authorization: 'ApplePass wrong' })).statusCode).toBe(401);
    await ctx.db.update(registrations).set({ booth: 'C-02' }).where(eq(registrations.id, exhibitor.registration.id));
    const res = await latest(pass);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const now = passJson(res.rawPayload);
    expect(now.eventTicket.secondaryFields).toContainEqual({ key: 'stand', label: 'standLabel', value: 'C-02' });
    expect(now.barcodes).toHaveLength(1);
    const modified = res.headers['last-modified'] as string;
    expect((await latest(pass, { 'if-modified-since': modified })).statusCode).toBe(304);

    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, exhibitor.registration.id));
    const voided = passJson((await latest(pass)).rawPayload);
    expect(voided).toMatchObject({ voided: true, serialNumber: pass.serialNumber });
    expect(voided.barcodes).toBeUndefined();
  });

  it('unregisters a device with the pass’s token, and takes Wallet’s log', async () => {
    const { registration } = await createVisitor(ctx.db);
    const pass = await installed(registration.badgeKey);
    const device = newDevice();
    await register(device, pass, hex(7));
    const path = ws(`devices/${device}/registrations/${TYPE}/${pass.serialNumber}`);
    expect((await call(ctx.app, 'DELETE', path, { headers: auth(pass, 'nope'), xsrf: false })).statusCode).toBe(401);
    expect((await call(ctx.app, 'DELETE', path, { headers: auth(pass), xsrf: false })).statusCode).toBe(200);
    expect((await changedSince(device)).statusCode).toBe(204);
    const log = await call(ctx.app, 'POST', ws('log'), { body: { logs: ['Pass download failed'] }, xsrf: false });
    expect(log.statusCode).toBe(200);
  });

  it('is rate limited for each device and address', async () => {
    const { registration } = await createVisitor(ctx.db);
    const pass = await installed(registration.badgeKey);
    const device = newDevice();
    const statuses = [];
    for (let i = 0; i <= PASSKIT_RATE_LIMIT; i++) {
      statuses.push((await register(device, pass, hex(8), 'wrong', '10.9.8.7')).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is rate limited for each address over the whole service, though each call names a new device', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PASSKIT_ADDRESS_RATE_LIMIT; i++) {
      const url = ws(`devices/${newDevice()}/registrations/${TYPE}`);
      statuses.push((await call(ctx.app, 'GET', url, { remoteAddress: '10.9.8.6' })).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address still has its budget.
    expect(
      (await call(ctx.app, 'GET', ws(`devices/${newDevice()}/registrations/${TYPE}`), { remoteAddress: '10.9.8.5' }))
        .statusCode,
    ).toBe(204);
  });
});

describe('a pass’s changes', () => {
  it('are marked by what the pass shows, and not by what it does not', async () => {
    const exhibitor = await createExhibitor(ctx.db, { booth: 'A-09' });
    const pass = await installed(exhibitor.registration.badgeKey);
    const device = newDevice();
    await register(device, pass, hex(9));
    const version = async () =>
      (await ctx.db.select().from(walletDevices).where(eq(walletDevices.deviceLibraryId, device)))[0]!.passVersion;
    const changes: [string, () => Promise<unknown>, boolean][] = [
      [
        'a sign-in',
        () =>
          ctx.db
            .update(users)
            .set({ tokenVersion: sql`token_version + 1` })
            .where(eq(users.id, exhibitor.user.id)),
        false,
      ],
      [
        'the phone number',
        () => ctx.db.update(users).set({ phone: '+212600000001' }).where(eq(users.id, exhibitor.user.id)),
        false,
      ],
      [
        'the company',
        () => ctx.db.update(users).set({ company: 'Béton Sud' }).where(eq(users.id, exhibitor.user.id)),
        true,
      ],
      [
        'the stand',
        () =>
          ctx.db.update(registrations).set({ booth: 'A-10' }).where(eq(registrations.id, exhibitor.registration.id)),
        true,
      ],
      [
        'the hall’s name',
        () =>
          ctx.db
            .update(halls)
            .set({ name: sql`name || ' bis'` })
            .where(eq(halls.id, exhibitor.registration.gateId!)),
        true,
      ],
      [
        'the opening hours',
        () => ctx.db.update(openingHours).set({ closesAt: '18:30' }).where(eq(openingHours.eventId, DEMO_EDITION_ID)),
        true,
      ],
      ['a restart’s seed, which finds the hours there', () => seedReference(ctx.db), false],
      [
        'the same hours written again',
        () =>
          ctx.db
            .update(openingHours)
            .set({ closesAt: sql`closes_at` })
            .where(eq(openingHours.eventId, DEMO_EDITION_ID)),
        false,
      ],
      [
        'the edition’s city',
        () => ctx.db.update(editions).set({ city: 'Casablanca' }).where(eq(editions.id, DEMO_EDITION_ID)),
        true,
      ],
      [
        'the edition’s visitors count',
        () => ctx.db.update(editions).set({ visitors: 61000 }).where(eq(editions.id, DEMO_EDITION_ID)),
        false,
      ],
      ['the venue', () => ctx.db.update(siteSettings).set({ venueName: 'Parc des expositions' }), true],
      ['the site’s phone', () => ctx.db.update(siteSettings).set({ generalPhone: '+212522000000' }), false],
    ];
    for (const [what, change, shown] of changes) {
      const before = await version();
      await change();
      expect((await version()) > before, what).toBe(shown);
    }
  });
});

/** A stand-in for APNs: an HTTP/2 server that records each push and answers as `answer` says. */
async function fakeApns(answer: (deviceToken: string) => number = () => 200) {
  const pushes: { deviceToken: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      const deviceToken = String(headers[':path']).replace('/3/device/', '');
      pushes.push({ deviceToken, headers, body });
      const status = answer(deviceToken);
      stream.respond({ ':status': status });
      stream.end(status === 410 ? JSON.stringify({ reason: 'Unregistered' }) : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, pushes, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The push job, its APNs at `url`, signing with the test's key. */
const pushJob = (url: string) =>
  createPassPushes({
    db: ctx.db,
    apns: createApnsClient({ url, keyId: 'KEY1234567', teamId: 'ABCDE12345', key: apnsKey.privateKey }, TYPE),
    log: ctx.app.log,
  });

describe('the pushes to the devices holding a pass', () => {
  it('reach each registered device exactly once when the organiser changes the hours, signed with the organiser’s APNs key', async () => {
    const apns = await fakeApns();
    const pushes = pushJob(apns.url);
    await pushes.tick(); // what earlier tests left due
    apns.pushes.length = 0;
    const [a, b] = [await createVisitor(ctx.db), await createVisitor(ctx.db)];
    const [passA, passB] = [await installed(a.registration.badgeKey), await installed(b.registration.badgeKey)];
    // One phone holds both passes, another holds one.
    const [phone, other] = [hex(100), hex(101)];
    await register(newDevice(), passA, phone);
    await register(newDevice(), passB, phone);
    await register(newDevice(), passA, other);

    // The organiser opens the first day at 09:30 in the back-office's edition form.
    const edition = (
      await call(ctx.app, 'GET', `admin/editions/${DEMO_EDITION_ID}`, { token: organiserToken })
    ).json<AdminEdition>();
    const hours = edition.hours.map((h, i) => (i === 0 ? { ...h, opens: '09:30' } : h));
    const saved = await call(ctx.app, 'PUT', `admin/editions/${DEMO_EDITION_ID}`, {
      token: organiserToken,
      body: { ...edition, hours },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await pushes.tick();
    const ours = apns.pushes.filter((p) => [phone, other].includes(p.deviceToken));
    expect(ours.map((p) => p.deviceToken).sort()).toEqual([phone, other].sort());
    const [push] = ours;
    expect(push!.headers['apns-topic']).toBe(TYPE);
    expect(push!.body).toBe('{}');
    const jwt = String(push!.headers.authorization).replace(/^bearer /, '');
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    await expect(jwtVerify(jwt, apnsKey.publicKey, { issuer: 'ABCDE12345' })).resolves.toBeTruthy();
    // Nothing more until something changes again.
    apns.pushes.length = 0;
    await pushes.tick();
    expect(apns.pushes).toEqual([]);
    await pushes.stop();
    await apns.close();
  });

  it('forget a device Apple no longer knows, and try again one that could not be reached', async () => {
    const [gone, unlucky] = [hex(200), hex(201)];
    let down = true;
    const apns = await fakeApns((token) => (token === gone ? 410 : token === unlucky && down ? 500 : 200));
    const pushes = pushJob(apns.url);
    const { user, registration } = await createVisitor(ctx.db);
    const pass = await installed(registration.badgeKey);
    await register(newDevice(), pass, gone);
    await register(newDevice(), pass, unlucky);
    await ctx.db.update(users).set({ name: 'Yassine Alaoui' }).where(eq(users.id, user.id));
    await pushes.tick();
    const tokens = async () =>
      (await ctx.db.select().from(walletDevices).where(eq(walletDevices.registrationId, registration.id))).map(
        (r) => r.pushToken,
      );
    expect(await tokens()).toEqual([unlucky]);
    down = false;
    apns.pushes.length = 0;
    await pushes.tick();
    expect(apns.pushes.map((p) => p.deviceToken)).toContain(unlucky);
    await pushes.stop();
    await apns.close();
  });

  it('void an erased person’s pass, then forget the device once it has asked', async () => {
    const { user, registration } = await createVisitor(ctx.db);
    const pass = await installed(registration.badgeKey);
    const device = newDevice();
    await register(device, pass, hex(300));
    const { lastUpdated } = (await changedSince(device)).json<{ lastUpdated: string }>();
    const erased = await call(ctx.app, 'POST', `admin/people/${user.id}/erase`, { token: organiserToken });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await ctx.db.select().from(walletDevices).where(eq(walletDevices.deviceLibraryId, device));
    expect(row?.pushDue).toBe(true);
    expect(row?.erasedAt).toBeInstanceOf(Date);

    const asked = await changedSince(device, lastUpdated);
    expect(asked.json()).toMatchObject({ serialNumbers: [pass.serialNumber] });
    expect(await ctx.db.select().from(walletDevices).where(eq(walletDevices.deviceLibraryId, device))).toEqual([]);
    const voided = passJson((await latest(pass)).rawPayload);
    expect(voided).toMatchObject({ voided: true });
    expect(JSON.stringify(voided)).not.toContain(user.name);
  });
});

describe('the APNs configuration', () => {
  const p8 = path.join(mkdtempSync(path.join(tmpdir(), 'salon-apns-')), 'AuthKey.p8');
  writeFileSync(p8, apnsPem);
  const apnsOf = (env: Record<string, string>) => {
    try {
      return apnsFromConfig(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'salon-apns-config-')), ...env }));
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('is nothing without a key, and refuses in one line a key alone, a key without Apple Wallet, or a key that is not APNs’', () => {
    expect(apnsOf(chain.env)).toBeNull();
    expect(apnsOf({ ...chain.env, APNS_KEY: p8 })).toBe('APNs: APNS_KEY and APNS_KEY_ID go together');
    expect(apnsOf({ APNS_KEY: p8, APNS_KEY_ID: 'KEY1234567' })).toBe(
      'APNS_KEY tells phones that their Wallet pass changed: configure Apple Wallet too',
    );
    expect(apnsOf({ ...chain.env, APNS_KEY: chain.env.APPLE_PASS_KEY, APNS_KEY_ID: 'KEY1234567' })).toBe(
      'APNS_KEY is not an APNs key (an EC P-256 key)',
    );
    expect(apnsOf({ ...chain.env, APNS_KEY: apnsPem, APNS_KEY_ID: 'KEY1234567' })).toMatchObject({
      url: 'https://api.push.apple.com',
      teamId: 'ABCDE12345',
    });
  });
});
