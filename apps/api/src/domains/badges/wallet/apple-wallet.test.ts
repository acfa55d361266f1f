import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { registrations } from '../../../db/schema';
import { call, createTestApp, withoutRequestId, type TestContext } from '../../../../test/helper';
import { createController, createExhibitor, createVisitor, sessionOf } from '../../../../test/fixtures';
import { TYPED_NAMES } from '../badge-pdf.test-support';
import { walletCertificates } from '../../../../test/wallet-certificates';
import { badgeMailOf } from '../../../../test/mailbox';
import { qrSvgPath } from '../badge-qr';
import { verifyBadgeToken } from '../badge-token';
import { walletFromConfig } from './apple-config';
import { mapPoint } from './wallet.routes';

/** Apple Wallet: the organiser's configuration, checked at start, and the passes. */

const chain = walletCertificates();
const now = new Date();
const walletOf = (env: Record<string, string>, at = now) =>
  walletFromConfig(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'salon-wallet-config-')), ...env }), at);
const refusal = (env: Record<string, string>, at = now) => {
  try {
    walletOf(env, at);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('the organiser’s Apple Wallet configuration', () => {
  it('is nothing when no APPLE_ variable is set, and names what is missing when only some are', () => {
    expect(walletOf({})).toBeNull();
    expect(refusal({ APPLE_PASS_TYPE_ID: 'pass.test.salon' })).toBe(
      'Apple Wallet: APPLE_TEAM_ID, APPLE_PASS_CERTIFICATE, APPLE_PASS_KEY, APPLE_WWDR_CERTIFICATE, APPLE_WALLET_ARTWORK missing (all or none)',
    );
    expect(walletOf(chain.env)).toMatchObject({ passTypeId: 'pass.test.salon', teamId: 'ABCDE12345' });
  });

  it('refuses, in one line saying which, a certificate that is missing, expired, not its key’s, of another pass type or another issuer', () => {
    expect(refusal({ ...chain.env, APPLE_PASS_CERTIFICATE: '/nowhere/pass.pem' })).toBe(
      'APPLE_PASS_CERTIFICATE: no file at /nowhere/pass.pem',
    );
    // The pass certificate was made for ten days.
    const later = new Date(now.getTime() + 12 * 86_400_000);
    expect(refusal(chain.env, later)).toMatch(/^APPLE_PASS_CERTIFICATE expired on \d{4}-\d{2}-\d{2}: renew it$/);
    expect(refusal({ ...chain.env, APPLE_PASS_KEY: chain.otherKey })).toBe(
      'APPLE_PASS_KEY is not the key of APPLE_PASS_CERTIFICATE',
    );
    expect(refusal({ ...chain.env, APPLE_PASS_TYPE_ID: 'pass.other.salon' })).toBe(
      'APPLE_PASS_CERTIFICATE is for pass.test.salon, not pass.other.salon',
    );
    expect(refusal({ ...chain.env, APPLE_WWDR_CERTIFICATE: chain.otherCa })).toBe(
      'APPLE_PASS_CERTIFICATE was not issued by APPLE_WWDR_CERTIFICATE',
    );
    expect(refusal({ ...chain.env, APPLE_PASS_KEY: chain.env.APPLE_PASS_CERTIFICATE })).toBe(
      'APPLE_PASS_KEY is not a PEM private key, or APPLE_PASS_KEY_PASSPHRASE does not open it',
    );
    expect(refusal({ ...chain.env, APPLE_WALLET_ARTWORK: chain.dir })).toBe(
      `APPLE_WALLET_ARTWORK: no fr.svg in ${chain.dir}`,
    );
  });
});

describe('a badge’s Apple Wallet pass', () => {
  let ctx: TestContext;
  let bare: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(chain.env);
    bare = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
    await bare.close();
  });
  const passOf = (key: string, app = ctx) => call(app.app, 'GET', `registrations/ebadge/wallet.pkpass?token=${key}`);

  it('is a signed event ticket carrying the badge’s own QR, which the gates verify offline, its hours written in each language', async () => {
    // An Arabic name and a company in Arabic and Latin, printed as typed.
    const exhibitor = await createExhibitor(ctx.db, {
      name: TYPED_NAMES.arabic,
      company: TYPED_NAMES.mixedCompany,
      booth: 'B-14',
    });
    const res = await passOf(exhibitor.registration.badgeKey);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="badge-sib-2024-${exhibitor.registration.id}.pkpass"`,
    );
    const files = unzipSync(res.rawPayload);
    const text = (name: string) => Buffer.from(files[name]!).toString('utf8');
    const pass = JSON.parse(text('pass.json')) as {
      eventTicket: Record<string, unknown[]>;
      barcodes: { message: string }[];
    };
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.salon',
      teamIdentifier: 'ABCDE12345',
      serialNumber: `badge-${exhibitor.registration.id}`,
      relevantDate: '2024-05-29T08:00:00.000Z',
      expirationDate: '2024-06-01T17:00:00.000Z',
    });
    expect(pass.eventTicket.primaryFields).toEqual([{ key: 'name', label: 'nameLabel', value: TYPED_NAMES.arabic }]);
    expect(pass.eventTicket.secondaryFields).toEqual(
      expect.arrayContaining([
        { key: 'company', label: 'companyLabel', value: TYPED_NAMES.mixedCompany },
        { key: 'stand', label: 'standLabel', value: 'B-14' },
      ]),
    );

    // The same QR as the PDF and the e-badge page: the gates' offline check takes it.
    const ebadge = await call(ctx.app, 'GET', `registrations/ebadge?token=${exhibitor.registration.badgeKey}`);
    const { token } = ebadge.json<{ data: { token: string } }>().data;
    expect(pass.barcodes).toEqual([{ format: 'PKBarcodeFormatQR', message: token, messageEncoding: 'iso-8859-1' }]);
    const key = (await call(ctx.app, 'GET', 'badges/public-key')).json<{ data: { publicKey: string } }>().data;
    expect(verifyBadgeToken(pass.barcodes[0]!.message, key.publicKey)).toMatchObject({
      registrationId: exhibitor.registration.id,
      type: 'exhibitor',
    });

    // French and English texts.
    expect(text('fr.lproj/pass.strings')).toContain('"typeValue" = "Exposant";');
    expect(text('en.lproj/pass.strings')).toContain('"typeValue" = "Exhibitor";');
    expect(text('fr.lproj/pass.strings')).toContain('"datesValue" = "Du 29 mai au 1er juin 2024 à Marrakech";');
    expect(text('fr.lproj/pass.strings')).toContain('"hoursValue" = "29 mai 2024 : 9h00-19h00\\n');
    expect(text('en.lproj/pass.strings')).toContain('"hoursValue" = "29 May 2024: 9:00–19:00\\n');

    // Every file in the manifest with its SHA-1; the manifest signed by the pass certificate, under the WWDR one.
    const manifest = JSON.parse(text('manifest.json')) as Record<string, string>;
    const packed = Object.keys(files).filter((name) => !['manifest.json', 'signature'].includes(name));
    expect(Object.keys(manifest).sort()).toEqual(packed.sort());
    for (const name of packed) expect(manifest[name]).toBe(createHash('sha1').update(files[name]!).digest('hex'));
    expect(packed).toEqual(expect.arrayContaining(['icon.png', 'icon@2x.png', 'logo.png', 'logo@2x.png']));
    const dir = mkdtempSync(path.join(tmpdir(), 'salon-pass-'));
    writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json']!);
    writeFileSync(path.join(dir, 'signature'), files.signature!);
    const verify = (ca: string) =>
      execFileSync(
        'openssl',
        [
          'smime',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'signature',
          '-content',
          'manifest.json',
          '-CAfile',
          ca,
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, stdio: 'pipe' },
      );
    expect(() => verify(chain.env.APPLE_WWDR_CERTIFICATE)).not.toThrow();
    expect(() => verify(chain.otherCa)).toThrow();
    // A file changed after signing no longer matches.
    writeFileSync(path.join(dir, 'manifest.json'), text('manifest.json').replace('"pass.json":"', '"pass.json":"0'));
    expect(() => verify(chain.env.APPLE_WWDR_CERTIFICATE)).toThrow();
  });

  it('is a 404, never another person’s pass, for a key that opens no live badge, and when the organiser offers none', async () => {
    const { registration } = await createVisitor(ctx.db);
    expect((await passOf(registration.badgeKey)).statusCode).toBe(200);
    expect((await passOf(registration.badgeKey, bare)).statusCode).toBe(404);
    await ctx.db.update(registrations).set({ revokedAt: new Date() }).where(eq(registrations.id, registration.id));
    for (const key of [registration.badgeKey, '00000000-0000-4000-8000-000000000000', String(registration.id)]) {
      const res = await passOf(key);
      expect(res.statusCode).toBe(404);
      expect(withoutRequestId(res)).toEqual({
        error: { status: 404, name: 'NotFoundError', message: 'Badge introuvable.', details: {} },
      });
    }
  });

  it('comes to a signed-in holder by the short-lived link of its badge, and the link opens that badge only', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const token = await sessionOf(ctx, exhibitor.user);
    const offers = await call(ctx.app, 'GET', 'wallet');
    expect(offers.json()).toEqual({ data: { apple: true, google: false }, meta: {} });
    const link = await call(ctx.app, 'POST', `registrations/${exhibitor.registration.id}/badge-link`, { token });
    expect(link.statusCode, link.body).toBe(200);
    const { appleWalletUrl } = link.json<{ data: { appleWalletUrl: string } }>().data;
    const path = appleWalletUrl.replace('/backend/api/', '');
    expect(path).toMatch(new RegExp(`^registrations/downloadWalletPass/${exhibitor.registration.id}\\?token=`));
    const pass = await call(ctx.app, 'GET', path);
    expect(pass.statusCode).toBe(200);
    expect(JSON.parse(Buffer.from(unzipSync(pass.rawPayload)['pass.json']!).toString('utf8'))).toMatchObject({
      serialNumber: `badge-${exhibitor.registration.id}`,
    });
    // The same token for the next registration opens nothing.
    const next = path.replace(`/${exhibitor.registration.id}?`, `/${exhibitor.registration.id + 1}?`);
    expect((await call(ctx.app, 'GET', next)).statusCode).toBe(403);

    const elsewhere = await createExhibitor(bare.db);
    const plain = await call(bare.app, 'POST', `registrations/${elsewhere.registration.id}/badge-link`, {
      token: await sessionOf(bare, elsewhere.user),
    });
    expect(plain.json<{ data: { appleWalletUrl: string | null } }>().data.appleWalletUrl).toBeNull();
    expect((await call(bare.app, 'GET', 'wallet')).json()).toEqual({ data: { apple: false, google: false }, meta: {} });
  });

  it('is offered on the e-badge page with Apple’s own badge, and not at all without the organiser’s configuration', async () => {
    const { registration } = await createVisitor(ctx.db);
    const read = async (app: TestContext) =>
      (await call(app.app, 'GET', `registrations/ebadge?token=${registration.badgeKey}`)).json<{
        data: { appleWalletUrl: string | null };
      }>().data.appleWalletUrl;
    expect(await read(ctx)).toBe(`/backend/api/registrations/ebadge/wallet.pkpass?token=${registration.badgeKey}`);
    const artwork = await call(ctx.app, 'GET', 'wallet/apple-badge.svg?lang=en');
    expect(artwork.statusCode).toBe(200);
    expect(artwork.headers['content-type']).toBe('image/svg+xml');
    expect(artwork.payload).toContain('badge en');

    const elsewhere = await createVisitor(bare.db);
    const none = await call(bare.app, 'GET', `registrations/ebadge?token=${elsewhere.registration.badgeKey}`);
    expect(none.json<{ data: { appleWalletUrl: string | null } }>().data.appleWalletUrl).toBeNull();
    expect((await call(bare.app, 'GET', 'wallet/apple-badge.svg')).statusCode).toBe(404);
  });
});

describe('the badge mail’s Apple Wallet button', () => {
  let ctx: TestContext;
  let bare: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ ...chain.env, PUBLIC_URL: 'https://salon.example' });
    bare = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
  });
  afterAll(async () => {
    await ctx.close();
    await bare.close();
  });
  const mailOf = (app: TestContext, email: string) => badgeMailOf(app, email, 'Karim Wallet');

  it('links the pass with Apple’s badge drawn as a picture, tells to open the mail on an iPhone, and is absent without the organiser’s configuration', async () => {
    const mail = await mailOf(ctx, 'karim.wallet@example.com');
    const link = /^Ajouter à Apple Wallet : (\S+)$/m.exec(mail.text)?.[1];
    expect(link).toMatch(
      /^https:\/\/salon\.example\/backend\/api\/registrations\/ebadge\/wallet\.pkpass\?token=[0-9a-f-]{36}$/,
    );
    expect(mail.html).toContain(`href="${link!}"`);
    expect(mail.html).toContain(
      '<img src="https://salon.example/backend/api/wallet/apple-badge.png?lang=fr" alt="Ajouter à Apple Wallet" height="48"',
    );
    expect(mail.text).toContain('Pour ajouter le badge à Apple Wallet, ouvrez ce message sur votre iPhone.');
    const pass = await call(
      ctx.app,
      'GET',
      new URL(link!).pathname.replace('/backend/api/', '') + new URL(link!).search,
    );
    expect(pass.statusCode).toBe(200);
    expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');

    // Apple's badge as a picture, twice the height it is shown at.
    const png = await call(ctx.app, 'GET', 'wallet/apple-badge.png?lang=fr');
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).height).toBe(96);

    const plain = await mailOf(bare, 'karim.sans-wallet@example.com');
    expect(plain.text).not.toContain('Apple Wallet');
    expect(plain.html).not.toContain('apple-badge');
  });
});

describe('Apple Wallet after a kiosk lookup', () => {
  let ctx: TestContext;
  // The kiosk makes badges while the registration is open: during the show.
  beforeAll(async () => {
    ctx = await createTestApp({
      ...chain.env,
      APP_NOW: '2024-05-30T08:45:00+01:00',
      PUBLIC_URL: 'https://salon.example',
    });
  });
  afterAll(() => ctx.close());

  it('gives a short-lived link to the pass as a QR code for the visitor’s own iPhone', async () => {
    const visitor = await createVisitor(ctx.db, { phone: '+212 6 61 23 45 67' });
    const staff = await sessionOf(ctx, await createController(ctx.db));
    const res = await call(ctx.app, 'POST', 'kiosk/lookup', {
      token: staff,
      body: { email: visitor.user.email, phoneDigits: '4567' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { appleWallet } = res.json<{ data: { appleWallet: { url: string; qr: { size: number; path: string } } } }>()
      .data;
    expect(appleWallet.url).toMatch(
      new RegExp(
        `^https://salon\\.example/backend/api/registrations/downloadWalletPass/${visitor.registration.id}\\?token=`,
      ),
    );
    expect(appleWallet.qr).toEqual(qrSvgPath(appleWallet.url));
    const pass = await call(ctx.app, 'GET', appleWallet.url.replace('https://salon.example/backend/api/', ''));
    expect(pass.statusCode).toBe(200);
    expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');
  });
});

describe('the venue’s point on a pass', () => {
  it('is read from a map link that names one, and is none otherwise', () => {
    expect(mapPoint('https://www.google.com/maps?q=31.6295,-7.9811')).toEqual({
      latitude: 31.6295,
      longitude: -7.9811,
    });
    expect(mapPoint('https://www.google.com/maps/place/Parc/@31.62,-8.01,15z')).toEqual({
      latitude: 31.62,
      longitude: -8.01,
    });
    expect(mapPoint('https://www.openstreetmap.org/?mlat=31.6&mlon=-8.0#map=15')).toEqual({
      latitude: 31.6,
      longitude: -8,
    });
    expect(mapPoint('https://www.google.com/maps?q=Parc+des+Expositions')).toBeNull();
    expect(mapPoint(null)).toBeNull();
  });
});
