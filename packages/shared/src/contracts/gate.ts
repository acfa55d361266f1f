import * as z from 'zod/mini';
import { item } from './common';

/** The badges' Ed25519 public key as a JSON Web Key (`GET badges/public-key`, the roster). */
export const badgeJwkSchema = z.strictObject({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() });

/** `GET badges/public-key`: the key that checks badge QR codes, raw (base64url of its 32 bytes) and as a JWK. */
export const badgePublicKeySchema = z.strictObject({
  data: z.strictObject({ algorithm: z.literal('Ed25519'), publicKey: z.string(), jwk: badgeJwkSchema }),
});

/** One badge holder in the roster: [registration id, type index in REGISTRATION_TYPES, name, company]. */
const rosterPersonSchema = z.tuple([z.number(), z.number(), z.string(), z.nullable(z.string())]);
/** One of today's first entries: [registration id, time (ISO), gate id]. */
const rosterEntrySchema = z.tuple([z.number(), z.string(), z.number()]);

/** `GET gate/roster`: everything a gate device needs to decide offline. */
export const gateRosterSchema = item(
  z.strictObject({
    /** The server's clock (APP_NOW in demos): the device keeps its offset. */
    now: z.string(),
    /** Pass as `since` next time to get only what changed. */
    cursor: z.string(),
    /** True when this is the whole roster (no `since`, or `since` too old): replace, not merge. */
    full: z.boolean(),
    eventId: z.number(),
    publicKey: badgeJwkSchema,
    gates: z.array(z.strictObject({ id: z.number(), name: z.string() })),
    /** Each show day's opening hours, 'HH:MM' in the show's time zone. */
    hours: z.array(z.strictObject({ day: z.string(), opens: z.string(), closes: z.string() })),
    /** Live badges changed since `since` (all of them when `full`). */
    people: z.array(rosterPersonSchema),
    /** Registration ids whose badge was revoked since `since` (all of them when `full`). */
    revoked: z.array(z.number()),
    /** Today's first entries recorded since `since` (all of today's when `full`). */
    entries: z.array(rosterEntrySchema),
    /** Entries today: in all, and per gate id. */
    counts: z.strictObject({ today: z.number(), byGate: z.record(z.string(), z.number()) }),
  }),
);

/**
 * `POST checkins`: each check-in stored (again, for a resend) or refused; `conflict` when two
 * gates admitted the same badge the same day.
 */
export const checkinResultsSchema = item(
  z.array(z.strictObject({ id: z.string(), status: z.enum(['recorded', 'refused']), conflict: z.boolean() })),
);
