import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { registrations } from '../../../db/schema';
import { call, createTestApp, withoutRequestId, type TestContext } from '../../../../test/helper';
import { createExhibitor, createVisitor } from '../../../../test/fixtures';
import { googleServiceAccount } from '../../../../test/wallet-certificates';
import { verifyBadgeToken } from '../badge-token';
import { googleWalletFromConfig } from './google-wallet';

/** Google Wallet (issue 42, item 3): the organiser's configuration and the 'Save to Google Wallet' link. */

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

describe('a badge’s Save to Google Wallet link', () => {
  let ctx: TestContext;
  let bare: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ ...google.env, PUBLIC_URL: 'https://salon.example' });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
    await bare.close();
  });
  const saveOf = (key: string, app = ctx) => call(app.app, 'GET', `registrations/ebadge/google-wallet?token=${key}`);

  it('is made on the click: a JWT signed RS256 by the service account, with the edition’s class and the badge’s object and QR', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Atlas Béton', booth: 'B-14' });
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
        translatedValues: [{ language: 'en', value: 'International Building Exhibition — 6th edition' }],
      },
      dateTime: { start: '2024-05-29T08:00:00.000Z', end: '2024-06-01T17:00:00.000Z' },
    });
    expect(eventTicketObjects[0]).toMatchObject({
      id: `3388000000012345678.badge-${exhibitor.registration.id}`,
      classId: '3388000000012345678.sib-2024-6',
      state: 'ACTIVE',
      ticketHolderName: exhibitor.user.name,
      barcode: { type: 'QR_CODE', value: token },
    });
    expect(eventTicketObjects[0]!.textModulesData).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'stand', body: 'B-14' })]),
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
