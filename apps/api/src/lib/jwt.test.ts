import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwt, PREVIEW_LIFETIME_SECONDS, SESSION_LIFETIME_SECONDS } from './jwt';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const at = (seconds: number) => new Date(seconds * 1000);
const T0 = Date.parse('2024-05-30T10:00:00+01:00') / 1000;

describe('the sign-in token check', () => {
  it('refuses a token once it has expired, though it was accepted a second before', async () => {
    const jwt = createJwt(SECRET);
    const token = await jwt.sign(7, 1, at(T0));
    expect(await jwt.verify(token, at(T0 + 60))).toMatchObject({ userId: 7, version: 1, authTime: T0 });
    expect(await jwt.verify(token, at(T0 + SESSION_LIFETIME_SECONDS - 1))).toMatchObject({ userId: 7 });
    expect(await jwt.verify(token, at(T0 + SESSION_LIFETIME_SECONDS))).toBeNull();
  });

  it('refuses a token whose signature or claims were changed, after the genuine one was accepted', async () => {
    const jwt = createJwt(SECRET);
    const token = await jwt.sign(7, 1, at(T0));
    expect(await jwt.verify(token, at(T0))).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await jwt.verify(`${header}.${payload}.${flipped}`, at(T0))).toBeNull();
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const other = Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString('base64url');
    expect(await jwt.verify(`${header}.${other}.${signature}`, at(T0))).toBeNull();
  });

  it('refuses a token signed with another secret, and one that never expires', async () => {
    const jwt = createJwt(SECRET);
    const foreign = await createJwt(`${SECRET}-other`).sign(7, 1, at(T0));
    expect(await jwt.verify(foreign, at(T0))).toBeNull();
    const endless = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt(T0)
      .sign(new TextEncoder().encode(SECRET));
    expect(await jwt.verify(endless, at(T0))).toBeNull();
  });
});

describe('the preview token', () => {
  it('carries the organiser, its session version and the edition for two hours, and is never a sign-in', async () => {
    const jwt = createJwt(SECRET);
    const token = await jwt.signPreview({ userId: 7, version: 3, editionId: 9 }, at(T0));
    expect(await jwt.verifyPreview(token, at(T0 + PREVIEW_LIFETIME_SECONDS - 1))).toEqual({
      userId: 7,
      version: 3,
      editionId: 9,
    });
    expect(await jwt.verifyPreview(token, at(T0 + PREVIEW_LIFETIME_SECONDS))).toBeNull();
    expect(await jwt.verify(token, at(T0))).toBeNull();
    // And a sign-in token is no preview.
    expect(await jwt.verifyPreview(await jwt.sign(7, 3, at(T0)), at(T0))).toBeNull();
    expect(await createJwt(`${SECRET}-other`).verifyPreview(token, at(T0))).toBeNull();
  });
});
