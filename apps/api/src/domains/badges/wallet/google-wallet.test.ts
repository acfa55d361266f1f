import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { mailOutbox, registrations } from '../../../db/schema';
import { badgeMailOf } from '../../../../test/mailbox';
import { call, createTestApp, withoutRequestId, type TestContext } from '../../../../test/helper';
import { createController, createExhibitor, createVisitor, sessionOf } from '../../../../test/fixtures';
import { TYPED_NAMES } from '../badge-pdf.test-support';
import { googleServiceAccount } from '../../../../test/wallet-certificates';
import { qrSvgPath } from '../badge-qr';
import { verifyBadgeToken } from '../badge-token';
import { googleWalletFromConfig } from './google-wallet';

/** Google Wallet: the organiser's configuration and the 'Save to Google Wallet' link. */

const google = googleServiceAccount();
const walletOf = (env: Record<string, string>) =>
  googleWalletFromConfig(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'salon-google-config-')), ...env }));
const refusal = (env: Record<string, string>) => {
  try {
    walletOf(env);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('the organiser’s Google Wallet configuration', () => {
  it('is nothing without it, and refuses in one line what is missing or unusable', () => {
    expect(walletOf({})).toBeNull();
    expect(walletOf(google.env)).toMatchObject({ issuerId: '3388000000012345678', email: google.account.client_email });
    expect(refusal({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toBe(
      'Google Wallet: GOOGLE_WALLET_SERVICE_ACCOUNT, GOOGLE_WALLET_ARTWORK missing (all or none)',
    );
    expect(refusal({ ...google.env, GOOGLE_WALLET_SERVICE_ACCOUNT: '/nowhere/key.json' })).toBe(
      'GOOGLE_WALLET_SERVICE_ACCOUNT: no file at /nowhere/key.json',
    );
    expect(refusal({ ...google.env, GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email": "x"}' })).toBe(
      'GOOGLE_WALLET_SERVICE_ACCOUNT lacks client_email, private_key or private_key_id',
    );
    expect(
      refusal({
        ...google.env,
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({ ...google.account, private_key: 'not a key' }),
      }),
    ).toBe('GOOGLE_WALLET_SERVICE_ACCOUNT: its private_key is not a PEM private key');
    expect(refusal({ ...google.env, GOOGLE_WALLET_ARTWORK: google.dir })).toBe(
      `GOOGLE_WALLET_ARTWORK: no fr.svg in ${google.dir}`,
    );
  });
});

/** A server offering Google Wallet, and one without it, for the link, mail and Badge tab tests. */
let ctx: TestContext;
let bare: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ...google.env, PUBLIC_URL: 'https://salon.example' });
  bare = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
});
afterAll(async () => {
  await ctx.close();
  await bare.close();
});

describe('a badge’s Save to Google Wallet link', () => {
  const saveOf = (key: string, app = ctx) => call(app.app, 'GET', `registrations/ebadge/google-wallet?token=${key}`);

  it('is made on the click: a JWT signed RS256 by the service account, with the edition’s class and the badge’s object and QR', async () => {
    // An Arabic name and a company in Arabic and Latin, printed as typed.
    const exhibitor = await createExhibitor(ctx.db, {
      name: TYPED_NAMES.arabic,
      company: TYPED_NAMES.mixedCompany,
      booth: 'B-14',
    });
    const ebadge = await call(ctx.app, 'GET', `registrations/ebadge?token=${exhibitor.registration.badgeKey}`);
    const { token, googleWalletUrl } = ebadge.json<{ data: { token: string; googleWalletUrl: string } }>().data;
    expect(googleWalletUrl).toBe(
      `/backend/api/registrations/ebadge/google-wallet?token=${exhibitor.registration.badgeKey}`,
    );
    const res = await saveOf(exhibitor.registration.badgeKey);
    expect(res.statusCode).toBe(303);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = String(res.headers.location);
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);

    const { payload, protectedHeader } = await jwtVerify(location.split('/').at(-1)!, google.publicKey, {
      audience: 'google',
      issuer: google.account.client_email,
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'test-key-1' });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['https://salon.example'] });
    const { eventTicketClasses, eventTicketObjects } = payload.payload as {
      eventTicketClasses: { id: string; eventName: unknown; dateTime: unknown }[];
      eventTicketObjects: Record<string, unknown>[];
    };
    expect(eventTicketClasses[0]).toMatchObject({
      id: '3388000000012345678.sib-2024-6',
      eventName: {
        defaultValue: { language: 'fr', value: 'Salon International du Bâtiment — 6e édition' },
        translatedValues: [{ language: 'en', value: 'International Building Show — 6th edition' }],
      },
      dateTime: { start: '2024-05-29T08:00:00.000Z', end: '2024-06-01T17:00:00.000Z' },
    });
    expect(eventTicketObjects[0]).toMatchObject({
      id: `3388000000012345678.badge-${exhibitor.registration.id}`,
      classId: '3388000000012345678.sib-2024-6',
      state: 'ACTIVE',
      ticketHolderName: TYPED_NAMES.arabic,
      barcode: { type: 'QR_CODE', value: token },
    });
    expect(eventTicketObjects[0]!.textModulesData).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'stand', body: 'B-14' }),
        expect.objectContaining({ id: 'company', body: TYPED_NAMES.mixedCompany }),
      ]),
    );
    // The same QR the gates verify offline.
    const key = (await call(ctx.app, 'GET', 'badges/public-key')).json<{ data: { publicKey: string } }>().data;
    expect(verifyBadgeToken(token, key.publicKey)).toMatchObject({ registrationId: exhibitor.registration.id });
  });

  it('is a 404, never another person’s, for a key that opens no live badge, and when the organiser offers none', async () => {
    const { registration } = await createVisitor(ctx.db);
    expect((await saveOf(registration.badgeKey)).statusCode).toBe(303);
    const elsewhere = await createVisitor(bare.db);
    expect((await saveOf(elsewhere.registration.badgeKey, bare)).statusCode).toBe(404);
    const ebadge = await call(bare.app, 'GET', `registrations/ebadge?token=${elsewhere.registration.badgeKey}`);
    expect(ebadge.json<{ data: { googleWalletUrl: string | null } }>().data.googleWalletUrl).toBeNull();
    expect((await call(bare.app, 'GET', 'wallet/google-badge.svg')).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', 'wallet/google-badge.svg?lang=en')).payload).toContain('google en');
    await ctx.db.update(registrations).set({ revokedAt: new Date() }).where(eq(registrations.id, registration.id));
    for (const key of [registration.badgeKey, '00000000-0000-4000-8000-000000000000']) {
      const res = await saveOf(key);
      expect(res.statusCode).toBe(404);
      expect(withoutRequestId(res)).toEqual({
        error: { status: 404, name: 'NotFoundError', message: 'Badge introuvable.', details: {} },
      });
    }
  });
});

/** The badge object that a 303 to Google's save link carries, its JWT checked with the service account's key. */
async function savedObject(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(303);
  const location = String(res.headers.location);
  expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  const { payload } = await jwtVerify(location.split('/').at(-1)!, google.publicKey, {
    audience: 'google',
    issuer: google.account.client_email,
  });
  return (payload.payload as { eventTicketObjects: { id: string; barcode: { value: string } }[] })
    .eventTicketObjects[0]!;
}

/** An absolute address of the API as a path `call` takes. */
const apiPath = (url: string) => url.replace(/^(https:\/\/salon\.example)?\/backend\/api\//, '');

/** The QR the badge of a mail's key carries, as the e-badge page shows it. */
const qrOfKey = async (ctx: TestContext, key: string) =>
  (await call(ctx.app, 'GET', `registrations/ebadge?token=${key}`)).json<{ data: { token: string } }>().data.token;

describe('the badge mail’s Google Wallet button', () => {
  const mailOf = (app: TestContext, email: string) => badgeMailOf(app, email, 'Nadia Wallet');

  it('links the e-badge’s Google link with Google’s button drawn as a picture, and tells to open the mail on an Android phone', async () => {
    const mail = await mailOf(ctx, 'nadia.google@example.com');
    const link = /^Ajouter à Google Wallet : (\S+)$/m.exec(mail.text)?.[1];
    expect(link).toMatch(
      /^https:\/\/salon\.example\/backend\/api\/registrations\/ebadge\/google-wallet\?token=[0-9a-f-]{36}$/,
    );
    expect(mail.html).toContain(`href="${link!}"`);
    expect(mail.html).toContain(
      '<img src="https://salon.example/backend/api/wallet/google-badge.png?lang=fr" alt="Ajouter à Google Wallet" height="48"',
    );
    expect(mail.text).toContain(
      'Pour ajouter le badge à Google Wallet, ouvrez ce message sur votre téléphone Android.',
    );
    // The link opens Google's save link, whose object carries the badge's own QR.
    const key = new URL(link!).searchParams.get('token')!;
    const object = await savedObject(await call(ctx.app, 'GET', apiPath(link!)));
    expect(object.barcode.value).toBe(await qrOfKey(ctx, key));

    // Google's button as a picture, twice the height it is shown at.
    const png = await call(ctx.app, 'GET', 'wallet/google-badge.png?lang=en');
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).height).toBe(96);
  });

  it('is in the mail sent again from the exhibitor area, in English for an English speaker', async () => {
    const exhibitor = await createExhibitor(ctx.db, { language: 'en' });
    const res = await call(ctx.app, 'POST', `registrations/sendEmailEBadge/${exhibitor.registration.id}`, {
      token: await sessionOf(ctx, exhibitor.user),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, exhibitor.user.email));
    expect(mail!.text).toContain(
      `Add to Google Wallet: https://salon.example/backend/api/registrations/ebadge/google-wallet?token=${exhibitor.registration.badgeKey}`,
    );
    expect(mail!.html).toContain('https://salon.example/backend/api/wallet/google-badge.png?lang=en');
    expect(mail!.text).toContain('To add the badge to Google Wallet, open this message on your Android phone.');
  });

  it('is absent, with its picture, without the organiser’s configuration', async () => {
    const plain = await mailOf(bare, 'nadia.sans-google@example.com');
    expect(plain.text).not.toContain('Google Wallet');
    expect(plain.html).not.toContain('google-badge');
    expect((await call(bare.app, 'GET', 'wallet/google-badge.png')).statusCode).toBe(404);
  });
});

describe('Google Wallet from the exhibitor area’s Badge tab', () => {
  const linksOf = async (app: TestContext, exhibitor: Awaited<ReturnType<typeof createExhibitor>>) => {
    const res = await call(app.app, 'POST', `registrations/${exhibitor.registration.id}/badge-link`, {
      token: await sessionOf(app, exhibitor.user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { url: string; googleWalletUrl: string | null } }>().data;
  };

  it('opens Google’s save link of the holder’s badge by the short-lived link of its badge', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    expect((await call(ctx.app, 'GET', 'wallet')).json()).toEqual({ data: { apple: false, google: true }, meta: {} });
    const { googleWalletUrl } = await linksOf(ctx, exhibitor);
    expect(googleWalletUrl).toMatch(
      new RegExp(`^/backend/api/registrations/googleWalletPass/${exhibitor.registration.id}\\?token=`),
    );
    const res = await call(ctx.app, 'GET', apiPath(googleWalletUrl!));
    expect(res.headers['cache-control']).toBe('private, no-store');
    const object = await savedObject(res);
    expect(object.id).toBe(`3388000000012345678.badge-${exhibitor.registration.id}`);
    expect(object.barcode.value).toBe(await qrOfKey(ctx, exhibitor.registration.badgeKey));
  });

  it('refuses with a 403 the link of another badge and a bad token, and is a 404 for a revoked badge', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const path = apiPath((await linksOf(ctx, exhibitor)).googleWalletUrl!);
    const next = path.replace(`/${exhibitor.registration.id}?`, `/${exhibitor.registration.id + 1}?`);
    for (const refused of [next, path.replace(/token=.*/, 'token=not-a-token')]) {
      const res = await call(ctx.app, 'GET', refused);
      expect(res.statusCode).toBe(403);
      expect(withoutRequestId(res)).toMatchObject({ error: { message: 'Lien de téléchargement invalide ou expiré.' } });
    }
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, exhibitor.registration.id));
    expect((await call(ctx.app, 'GET', path)).statusCode).toBe(404);
  });

  it('is not offered, and its route is a 404 even with a good link, without the organiser’s configuration', async () => {
    const exhibitor = await createExhibitor(bare.db);
    const { url, googleWalletUrl } = await linksOf(bare, exhibitor);
    expect(googleWalletUrl).toBeNull();
    const token = new URL(url, 'https://x').searchParams.get('token')!;
    const res = await call(
      bare.app,
      'GET',
      `registrations/googleWalletPass/${exhibitor.registration.id}?token=${token}`,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('Google Wallet after a kiosk lookup', () => {
  let ctx: TestContext;
  // The kiosk makes badges while the registration is open: during the show.
  beforeAll(async () => {
    ctx = await createTestApp({
      ...google.env,
      APP_NOW: '2024-05-30T08:45:00+01:00',
      PUBLIC_URL: 'https://salon.example',
    });
  });
  afterAll(() => ctx.close());

  it('gives a short-lived link to Google’s save link as a QR code for the visitor’s own Android phone', async () => {
    const visitor = await createVisitor(ctx.db, { phone: '+212 6 61 23 45 68' });
    const staff = await sessionOf(ctx, await createController(ctx.db));
    const res = await call(ctx.app, 'POST', 'kiosk/lookup', {
      token: staff,
      body: { email: visitor.user.email, phoneDigits: '4568' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { appleWallet, googleWallet } = res.json<{
      data: { appleWallet: null; googleWallet: { url: string; qr: { size: number; path: string } } };
    }>().data;
    expect(appleWallet).toBeNull();
    expect(googleWallet.url).toMatch(
      new RegExp(
        `^https://salon\\.example/backend/api/registrations/googleWalletPass/${visitor.registration.id}\\?token=`,
      ),
    );
    expect(googleWallet.qr).toEqual(qrSvgPath(googleWallet.url));
    const object = await savedObject(await call(ctx.app, 'GET', apiPath(googleWallet.url)));
    expect(object.barcode.value).toBe(await qrOfKey(ctx, visitor.registration.badgeKey));
  });
});
