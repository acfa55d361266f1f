import type { kioskBadgeSchema } from './contracts/badges';
import type { badgeJwkSchema, checkinResultsSchema, gateRosterSchema } from './contracts/gate';
import * as z from 'zod/mini';
import { idField } from './ids';
import { BADGE_TOKEN_SHAPE, REGISTRATION_TYPES, type RegistrationType } from './constants';
import { formatTime, showDay } from './clock';
import { emailField } from './schemas';

/**
 * The gates: what a controller's device decides for a badge, on the device, without a network.
 * The browser and the API's tests and bench run this same code.
 */

export const CHECKIN_VERDICTS = ['admitted', 'already_entered', 'refused'] as const;
export type CheckinVerdict = (typeof CHECKIN_VERDICTS)[number];
/**
 * Why a gate refuses a badge: not one of ours (forged, altered, any other QR code), another
 * edition's, revoked (deleted collaborator, cancelled registration), or outside the show's days
 * and hours for this badge's holder.
 */
export const GATE_REFUSALS = ['invalid', 'otherEvent', 'revoked', 'closed'] as const;
export type GateRefusal = (typeof GATE_REFUSALS)[number];
/** At most this many check-ins in one send from a gate device. */
export const CHECKIN_BATCH_MAX = 500;
/** Exhibitors and their collaborators may enter this long before the doors open to visitors. */
export const EARLY_ENTRY_MINUTES = 120;
/** Header carrying a kiosk's token (a kiosk has no user session). */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';

/** One check-in as a gate device sends it; `id` is made on the device, so a resend is taken once. */
export const checkinSubmissionSchema = z.object({
  id: z.uuid(),
  badge: z.string().check(z.maxLength(200)),
  gateId: idField(),
  deviceId: z.string().check(z.minLength(1), z.maxLength(64)),
  scannedAt: z.iso.datetime({ offset: true }),
  verdict: z.enum(CHECKIN_VERDICTS),
  reason: z.optional(z.nullable(z.enum(GATE_REFUSALS))),
  /** The controller let in again someone who already entered today. */
  reentry: z.boolean(),
});
export type CheckinSubmission = z.infer<typeof checkinSubmissionSchema>;

/** `POST checkins`: what a device has waiting, oldest first. */
export const checkinBatchSchema = z.object({
  checkins: z.array(checkinSubmissionSchema).check(z.minLength(1), z.maxLength(CHECKIN_BATCH_MAX)),
});
export type CheckinBatch = z.infer<typeof checkinBatchSchema>;

/** The kiosk finds a badge by e-mail plus the last four digits of the phone, never by e-mail alone. */
export const kioskLookupSchema = z.object({
  email: emailField,
  phoneDigits: z.string({ error: 'required' }).check(z.trim(), z.regex(/^\d{4}$/, { error: 'phoneDigits' })),
});
export type KioskLookup = z.infer<typeof kioskLookupSchema>;
/** …or by the e-badge QR code shown on the visitor's phone. */
export const kioskBadgeLookupSchema = z.object({ token: z.string().check(z.maxLength(200)) });

/** Enabling a kiosk: a controller's or organiser's e-mail and password, and a name for the device. */
export const kioskEnableSchema = z.object({
  email: emailField,
  password: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' })),
  name: z.string().check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(60)),
});
export type KioskEnable = z.infer<typeof kioskEnableSchema>;

// ---------------------------------------------------------------------------------------------
// Badge tokens, checked with the public key alone
// ---------------------------------------------------------------------------------------------

/** What a badge token says (see the API's domains/badges/badge-token.ts for the layout). */
export interface GateBadgeClaims {
  registrationId: number;
  type: RegistrationType;
  eventId: number;
  issuedAt: number;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SEXTETS = new Map([...BASE64URL].map((c, i) => [c, i]));

/** base64url without padding → bytes, or null when the text is not the one spelling of its bytes. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let n = 0;
  for (const c of text) {
    const sextet = SEXTETS.get(c);
    if (sextet === undefined) return null;
    value = (value << 6) | sextet;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (value >> bits) & 0xff;
    }
  }
  // The unused low bits of the last character must be zero: a token cannot be changed and still verify.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

/** Parses a token: its payload, signature and claims, or null when it cannot be a badge of ours. */
export function parseBadgeToken(
  token: string,
): { payload: Uint8Array<ArrayBuffer>; signature: Uint8Array<ArrayBuffer>; claims: GateBadgeClaims } | null {
  if (!BADGE_TOKEN_SHAPE.test(token)) return null;
  const [payloadText = '', signatureText = ''] = token.split('.');
  const payload = fromBase64url(payloadText);
  const signature = fromBase64url(signatureText);
  if (!payload || !signature || payload.length !== 14 || signature.length !== 64) return null;
  const view = new DataView(payload.buffer);
  if (view.getUint8(0) !== 1) return null;
  const type = REGISTRATION_TYPES[view.getUint8(1)];
  if (!type) return null;
  return {
    payload,
    signature,
    claims: {
      type,
      eventId: view.getUint32(2),
      registrationId: view.getUint32(6),
      issuedAt: view.getUint32(10),
    },
  };
}

/** The Ed25519 public key as a JSON Web Key, as `GET badges/public-key` and the roster give it. */
export type BadgeJwk = z.output<typeof badgeJwkSchema>;

export type BadgeVerifier = (token: string) => Promise<GateBadgeClaims | null>;

/**
 * A verifier for one public key. WebCrypto's Ed25519 (Chrome 137+, Safari 17+, Firefox 129+,
 * Node) where the browser has it, else @noble/ed25519 on top of WebCrypto's SHA-512, loaded only
 * then. Never throws on what a camera read.
 */
export async function createBadgeVerifier(jwk: BadgeJwk): Promise<BadgeVerifier> {
  let check: (signature: Uint8Array<ArrayBuffer>, payload: Uint8Array<ArrayBuffer>) => Promise<boolean>;
  try {
    const key = await crypto.subtle.importKey('jwk', { ...jwk, ext: true }, { name: 'Ed25519' }, false, ['verify']);
    check = (signature, payload) => crypto.subtle.verify({ name: 'Ed25519' }, key, signature, payload);
  } catch {
    const ed = await import('@noble/ed25519');
    const raw = fromBase64url(jwk.x);
    if (!raw || raw.length !== 32) throw new Error('not an Ed25519 public key');
    check = (signature, payload) => ed.verifyAsync(signature, payload, raw);
  }
  return async (token) => {
    const parsed = parseBadgeToken(token);
    if (!parsed) return null;
    const genuine = await check(parsed.signature, parsed.payload).catch(() => false);
    return genuine ? parsed.claims : null;
  };
}

// ---------------------------------------------------------------------------------------------
// The verdict
// ---------------------------------------------------------------------------------------------

/** One show day's opening hours, 'HH:MM' in the show's time zone. */
export type GateHours = GateRoster['hours'][number];

/** The first entry of today for a badge, as the device knows it. */
export interface KnownEntry {
  at: string;
  gateId: number;
}

export type GateDecision =
  | { verdict: 'admitted' }
  | { verdict: 'already_entered'; entry: KnownEntry }
  | { verdict: 'refused'; reason: GateRefusal };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 'HH:MM' of a number of minutes after midnight. */
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** When this badge type may enter on a show day: visitors at opening, exhibitors' staff two hours before. */
export function entryWindow(type: RegistrationType, hours: GateHours): { from: string; until: string } {
  const early = type === 'exhibitor' || type === 'collaborator' ? EARLY_ENTRY_MINUTES : 0;
  return { from: hhmm(Math.max(0, minutes(hours.opens) - early)), until: hours.closes.slice(0, 5) };
}

/** Whether a badge of this type may enter now, by the show's clock. */
export function withinHours(type: RegistrationType, hours: readonly GateHours[], now: Date): boolean {
  const today = hours.find((h) => h.day === showDay(now));
  if (!today) return false;
  const { from, until } = entryWindow(type, today);
  const time = formatTime(now);
  return time >= from && time < until;
}

/**
 * The gate's verdict for a badge whose signature was checked (`claims` null: it was not one of
 * ours). `revoked` and `entry` come from the device's revocation list and today's entries.
 */
export function gateDecision(input: {
  claims: GateBadgeClaims | null;
  /** The edition the gate admits (the roster's): another edition's badge is refused. */
  eventId: number;
  revoked: boolean;
  hours: readonly GateHours[];
  now: Date;
  entry: KnownEntry | null;
}): GateDecision {
  const { claims } = input;
  if (!claims) return { verdict: 'refused', reason: 'invalid' };
  if (claims.eventId !== input.eventId) return { verdict: 'refused', reason: 'otherEvent' };
  if (input.revoked) return { verdict: 'refused', reason: 'revoked' };
  if (!withinHours(claims.type, input.hours, input.now)) return { verdict: 'refused', reason: 'closed' };
  if (input.entry && showDay(input.entry.at) === showDay(input.now)) {
    return { verdict: 'already_entered', entry: input.entry };
  }
  return { verdict: 'admitted' };
}

// ---------------------------------------------------------------------------------------------
// What the API gives a gate device
// ---------------------------------------------------------------------------------------------

/** One badge holder in the roster: [registration id, type index in REGISTRATION_TYPES, name, company]. */
export type RosterPerson = [number, number, string, string | null];
/** One of today's first entries: [registration id, time (ISO), gate id]. */
export type RosterEntry = [number, string, number];

/** `GET gate/roster`: everything a gate device needs to decide offline. */
export type GateRoster = z.output<typeof gateRosterSchema>['data'];

/** The server's answer for one check-in (checkinResultsSchema). */
export type CheckinResult = z.output<typeof checkinResultsSchema>['data'][number];

/** What a kiosk shows and prints: what the badge itself shows, and its Apple Wallet link. */
export type KioskBadge = z.output<typeof kioskBadgeSchema>['data'];
