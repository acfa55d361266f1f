import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEMO_EDITION_ID,
  REGISTRATION_TYPES,
  createBadgeVerifier,
  entryWindow,
  gateDecision,
  parseBadgeToken,
  withinHours,
  type BadgeJwk,
  type GateBadgeClaims,
  type GateHours,
  type RegistrationType,
} from '../src';

/**
 * The gate's decision as a controller's device makes it, offline: the badge's signature checked
 * with the public key alone, then the revocation list, the show's hours (Africa/Casablanca, UTC+1
 * during the show) and today's entries.
 */

/** A badge key pair, and tokens laid out as the API's domains/badges/badge-token.ts makes them. */
function badgeKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, jwk: { kty: 'OKP', crv: 'Ed25519', x: String(jwk.x) } as BadgeJwk };
}

function payloadOf(claims: GateBadgeClaims, version = 1, typeIndex = REGISTRATION_TYPES.indexOf(claims.type)) {
  const payload = Buffer.alloc(14);
  payload.writeUInt8(version, 0);
  payload.writeUInt8(typeIndex, 1);
  payload.writeUInt32BE(claims.eventId, 2);
  payload.writeUInt32BE(claims.registrationId, 6);
  payload.writeUInt32BE(claims.issuedAt, 10);
  return payload;
}

function tokenOf(privateKey: KeyObject, payload: Buffer) {
  return `${payload.toString('base64url')}.${sign(null, payload, privateKey).toString('base64url')}`;
}

const keys = badgeKeys();
const claimsOf = (type: RegistrationType, registrationId = 4242, eventId = DEMO_EDITION_ID): GateBadgeClaims => ({
  registrationId,
  type,
  eventId,
  issuedAt: 1_716_000_000,
});
const badge = (claims: GateBadgeClaims) => tokenOf(keys.privateKey, payloadOf(claims));

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The seed's opening hours of the 2024 show. */
const HOURS: GateHours[] = [
  { day: '2024-05-29', opens: '09:00', closes: '19:00' },
  { day: '2024-05-30', opens: '09:00', closes: '19:00' },
  { day: '2024-05-31', opens: '09:00', closes: '19:30' },
  { day: '2024-06-01', opens: '09:00', closes: '18:00' },
];

/** An instant given in Casablanca's time during the show (UTC+1). */
const at = (local: string) => new Date(`${local}+01:00`);

describe('parseBadgeToken', () => {
  it('reads the version, type, edition, registration and issue date of a token without checking its signature', () => {
    const claims = claimsOf('collaborator', 123_456);
    const parsed = parseBadgeToken(badge(claims));
    expect(parsed?.claims).toEqual(claims);
    expect(parsed?.payload).toHaveLength(14);
    expect(parsed?.signature).toHaveLength(64);
  });

  it('gives null for any other text a camera may read', () => {
    for (const text of ['', 'https://example.com/not-a-badge', 'abc.def', `${badge(claimsOf('visitor'))}=`]) {
      expect(parseBadgeToken(text)).toBeNull();
    }
  });

  it('gives null for a token of another layout version or an unknown badge type, even well signed', () => {
    const claims = claimsOf('visitor');
    expect(parseBadgeToken(tokenOf(keys.privateKey, payloadOf(claims, 2)))).toBeNull();
    expect(parseBadgeToken(tokenOf(keys.privateKey, payloadOf(claims, 1, 9)))).toBeNull();
  });

  it('gives null when the last character of the payload is spelled another way for the same bytes', () => {
    const token = badge(claimsOf('visitor'));
    const [payload = '', signature = ''] = token.split('.');
    // 14 bytes fill 19 characters with 2 bits to spare: setting one of them keeps the bytes.
    const last = BASE64URL.indexOf(payload.at(-1)!);
    const respelled = `${payload.slice(0, -1)}${BASE64URL[last | 1]}`;
    expect(respelled).not.toBe(payload);
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(payload, 'base64url'));
    expect(parseBadgeToken(`${respelled}.${signature}`)).toBeNull();
  });
});

describe('createBadgeVerifier', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the claims of a genuine badge, for each badge type', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    for (const type of REGISTRATION_TYPES) {
      const claims = claimsOf(type, 77);
      expect(await verify(badge(claims))).toEqual(claims);
    }
  });

  it('refuses a forged badge: claims made up with a signature of random bytes', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    const forged = `${payloadOf(claimsOf('exhibitor')).toString('base64url')}.${Buffer.alloc(64, 7).toString('base64url')}`;
    expect(parseBadgeToken(forged)).not.toBeNull();
    expect(await verify(forged)).toBeNull();
  });

  it('refuses a badge whose last character was changed to any other character', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    const token = badge(claimsOf('visitor'));
    expect(await verify(token)).not.toBeNull();
    const others = [...BASE64URL].filter((c) => c !== token.at(-1));
    const verdicts = await Promise.all(others.map((c) => verify(`${token.slice(0, -1)}${c}`)));
    expect(verdicts.filter((v) => v !== null)).toEqual([]);
    expect(verdicts).toHaveLength(63);
  });

  it('refuses a badge whose claims were altered after signing: another registration, or a visitor made exhibitor', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    const token = badge(claimsOf('visitor', 4242));
    const signature = token.split('.')[1];
    for (const altered of [claimsOf('visitor', 4243), claimsOf('exhibitor', 4242)]) {
      expect(await verify(`${payloadOf(altered).toString('base64url')}.${signature}`)).toBeNull();
    }
  });

  it('refuses a badge signed with another key', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    const other = badgeKeys();
    expect(await verify(tokenOf(other.privateKey, payloadOf(claimsOf('visitor'))))).toBeNull();
    expect(await (await createBadgeVerifier(other.jwk))(badge(claimsOf('visitor')))).toBeNull();
  });

  it('gives the claims of another edition’s genuine badge, so that the verdict can name it', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    expect(await verify(badge(claimsOf('visitor', 12, DEMO_EDITION_ID - 1)))).toMatchObject({
      eventId: DEMO_EDITION_ID - 1,
    });
  });

  it('never throws on what a camera read', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    for (const text of ['', 'x'.repeat(5000), '\u0000', `${'A'.repeat(19)}.${'A'.repeat(86)}`]) {
      await expect(verify(text)).resolves.toBeNull();
    }
  });

  it('falls back to @noble/ed25519 where WebCrypto has no Ed25519, with the same answers', async () => {
    const importKey = vi
      .spyOn(crypto.subtle, 'importKey')
      .mockRejectedValue(new DOMException('no', 'NotSupportedError'));
    const verify = await createBadgeVerifier(keys.jwk);
    expect(importKey).toHaveBeenCalled();
    const token = badge(claimsOf('exhibitor', 9));
    expect(await verify(token)).toEqual(claimsOf('exhibitor', 9));
    expect(await verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'Q' : 'A'}`)).toBeNull();
    expect(await verify(tokenOf(badgeKeys().privateKey, payloadOf(claimsOf('exhibitor', 9))))).toBeNull();
  });
});

describe('entryWindow', () => {
  it('lets exhibitors and collaborators in two hours before the doors open, visitors at opening, all until closing', () => {
    const day = HOURS[2]!;
    expect(entryWindow('exhibitor', day)).toEqual({ from: '07:00', until: '19:30' });
    expect(entryWindow('collaborator', day)).toEqual({ from: '07:00', until: '19:30' });
    expect(entryWindow('visitor', day)).toEqual({ from: '09:00', until: '19:30' });
    expect(entryWindow('others', day)).toEqual({ from: '09:00', until: '19:30' });
  });

  it('never starts before midnight and reads hours given with seconds', () => {
    expect(entryWindow('exhibitor', { day: '2024-05-29', opens: '01:30:00', closes: '18:00:00' })).toEqual({
      from: '00:00',
      until: '18:00',
    });
  });
});

describe('withinHours, in Casablanca time', () => {
  it('lets a visitor in from opening time, not a minute before', () => {
    expect(withinHours('visitor', HOURS, at('2024-05-30T08:59:00'))).toBe(false);
    expect(withinHours('visitor', HOURS, at('2024-05-30T09:00:00'))).toBe(true);
  });

  it('lets exhibitors and collaborators in from two hours before opening, when visitors are still kept out', () => {
    const early = at('2024-05-30T07:00:00');
    expect(withinHours('exhibitor', HOURS, early)).toBe(true);
    expect(withinHours('collaborator', HOURS, early)).toBe(true);
    expect(withinHours('visitor', HOURS, early)).toBe(false);
    expect(withinHours('exhibitor', HOURS, at('2024-05-30T06:59:00'))).toBe(false);
  });

  it('closes at closing time, which differs from day to day', () => {
    expect(withinHours('visitor', HOURS, at('2024-05-30T18:59:00'))).toBe(true);
    expect(withinHours('visitor', HOURS, at('2024-05-30T19:00:00'))).toBe(false);
    expect(withinHours('exhibitor', HOURS, at('2024-05-30T19:00:00'))).toBe(false);
    expect(withinHours('visitor', HOURS, at('2024-05-31T19:15:00'))).toBe(true);
    expect(withinHours('visitor', HOURS, at('2024-06-01T18:00:00'))).toBe(false);
  });

  it('is closed on a day that is not a show day, at any hour', () => {
    for (const instant of ['2024-05-28T10:00:00', '2024-06-02T10:00:00', '2025-05-30T10:00:00']) {
      expect(withinHours('exhibitor', HOURS, at(instant))).toBe(false);
    }
  });

  it('reads the time in Casablanca, not in UTC: 08:30 UTC is 09:30 at the show', () => {
    expect(withinHours('visitor', HOURS, new Date('2024-05-30T08:30:00Z'))).toBe(true);
    // 18:30 UTC is 19:30 at the show: closed, though still before 19:00 in UTC.
    expect(withinHours('visitor', HOURS, new Date('2024-05-30T18:30:00Z'))).toBe(false);
    // 23:30 UTC on the 28th is already the 29th, 00:30, at the show: a show day, but not open yet.
    expect(withinHours('exhibitor', HOURS, new Date('2024-05-28T23:30:00Z'))).toBe(false);
  });
});

describe('gateDecision', () => {
  const noon = at('2024-05-30T12:00:00');
  const decide = (input: Partial<Parameters<typeof gateDecision>[0]>) =>
    gateDecision({
      claims: claimsOf('visitor'),
      eventId: DEMO_EDITION_ID,
      revoked: false,
      hours: HOURS,
      now: noon,
      entry: null,
      ...input,
    });

  it('admits a genuine badge of this edition, not revoked, within the hours, not yet entered today', () => {
    expect(decide({})).toEqual({ verdict: 'admitted' });
  });

  it('refuses a badge that is not one of ours (forged, altered, another key) as invalid', () => {
    expect(decide({ claims: null })).toEqual({ verdict: 'refused', reason: 'invalid' });
  });

  it('refuses another edition’s badge as otherEvent', () => {
    expect(decide({ claims: claimsOf('visitor', 4242, DEMO_EDITION_ID - 1) })).toEqual({
      verdict: 'refused',
      reason: 'otherEvent',
    });
  });

  it('admits the badges of the edition the roster names, and refuses the last one’s once another is current', () => {
    const next = DEMO_EDITION_ID + 1;
    expect(decide({ claims: claimsOf('visitor', 4242, next), eventId: next })).toEqual({ verdict: 'admitted' });
    expect(decide({ claims: claimsOf('visitor', 4242, DEMO_EDITION_ID), eventId: next })).toEqual({
      verdict: 'refused',
      reason: 'otherEvent',
    });
  });

  it('refuses a revoked badge, whatever the hour', () => {
    expect(decide({ revoked: true })).toEqual({ verdict: 'refused', reason: 'revoked' });
    expect(decide({ revoked: true, now: at('2024-06-02T12:00:00') })).toEqual({
      verdict: 'refused',
      reason: 'revoked',
    });
  });

  it('refuses outside the hours as closed: a visitor at 08:00, anyone at closing time or on a day that is not a show day', () => {
    expect(decide({ now: at('2024-05-30T08:00:00') })).toEqual({ verdict: 'refused', reason: 'closed' });
    expect(decide({ claims: claimsOf('exhibitor'), now: at('2024-05-30T08:00:00') })).toEqual({ verdict: 'admitted' });
    expect(decide({ claims: claimsOf('collaborator'), now: at('2024-05-30T19:00:00') })).toEqual({
      verdict: 'refused',
      reason: 'closed',
    });
    expect(decide({ now: at('2024-06-02T12:00:00') })).toEqual({ verdict: 'refused', reason: 'closed' });
  });

  it('says already entered, with when and where, for a badge that entered earlier today', () => {
    const entry = { at: at('2024-05-30T09:10:00').toISOString(), gateId: 3 };
    expect(decide({ entry })).toEqual({ verdict: 'already_entered', entry });
  });

  it('admits a badge that entered yesterday, the day read in Casablanca time', () => {
    expect(decide({ entry: { at: at('2024-05-29T18:30:00').toISOString(), gateId: 3 } })).toEqual({
      verdict: 'admitted',
    });
    // 23:30 UTC on the 29th is 00:30 on the 30th at the show: that is today.
    const lateNight = { at: '2024-05-29T23:30:00Z', gateId: 1 };
    expect(decide({ entry: lateNight })).toEqual({ verdict: 'already_entered', entry: lateNight });
    // 22:30 UTC on the 29th is 23:30 on the 29th at the show: yesterday.
    expect(decide({ entry: { at: '2024-05-29T22:30:00Z', gateId: 1 } })).toEqual({ verdict: 'admitted' });
  });

  it('checks in this order: not ours, another edition, revoked, closed, then already entered', () => {
    const entry = { at: at('2024-05-30T09:10:00').toISOString(), gateId: 1 };
    const closed = at('2024-06-02T12:00:00');
    expect(
      gateDecision({ claims: null, eventId: DEMO_EDITION_ID, revoked: true, hours: HOURS, now: closed, entry }),
    ).toEqual({
      verdict: 'refused',
      reason: 'invalid',
    });
    expect(
      gateDecision({
        claims: claimsOf('visitor', 1, DEMO_EDITION_ID + 1),
        eventId: DEMO_EDITION_ID,
        revoked: true,
        hours: HOURS,
        now: closed,
        entry,
      }),
    ).toEqual({ verdict: 'refused', reason: 'otherEvent' });
    expect(decide({ revoked: true, now: closed, entry })).toEqual({ verdict: 'refused', reason: 'revoked' });
    expect(decide({ now: at('2024-05-30T19:30:00'), entry })).toEqual({ verdict: 'refused', reason: 'closed' });
  });

  it('decides a real badge from end to end: verified, then judged', async () => {
    const verify = await createBadgeVerifier(keys.jwk);
    const genuine = badge(claimsOf('exhibitor', 501));
    const forged = `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'Q' : 'A'}`;
    const early = at('2024-05-31T07:30:00');
    const judge = async (token: string) =>
      gateDecision({
        claims: await verify(token),
        eventId: DEMO_EDITION_ID,
        revoked: false,
        hours: HOURS,
        now: early,
        entry: null,
      });
    expect(await judge(genuine)).toEqual({ verdict: 'admitted' });
    expect(await judge(forged)).toEqual({ verdict: 'refused', reason: 'invalid' });
    expect(await judge(badge(claimsOf('visitor', 502)))).toEqual({ verdict: 'refused', reason: 'closed' });
  });
});
