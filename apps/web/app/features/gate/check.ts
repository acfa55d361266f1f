import {
  createBadgeVerifier,
  gateDecision,
  parseBadgeToken,
  type BadgeJwk,
  type BadgeVerifier,
  type GateBadgeClaims,
  type GateDecision,
} from '@salon/shared';
import { newScanId } from '../../lib/scan-id';
import { gateNow, lookUp, putCheckin, readMeta, type Person, type QueuedCheckin, type RosterMeta } from './store';

/** What the gate screen shows for one read, and the check-in it was kept as. */
export interface GateCheck {
  decision: GateDecision;
  claims: GateBadgeClaims | null;
  /** Name and company from the roster, when the badge holder is in it. */
  person: Person | null;
  checkin: QueuedCheckin;
}

// Importing the key costs more than a check: it is done once per key, not per badge.
let verifier: { x: string; verify: Promise<BadgeVerifier> } | null = null;
function verifierFor(key: BadgeJwk): Promise<BadgeVerifier> {
  if (verifier?.x !== key.x) verifier = { x: key.x, verify: createBadgeVerifier(key) };
  return verifier.verify;
}

/** Gets the verifier ready before the first badge, so that one is as fast as the others. */
export function prepareVerifier(meta: RosterMeta): void {
  void verifierFor(meta.publicKey).catch(() => undefined);
}

export interface CheckContext {
  gateId: number;
  deviceId: string;
  controllerId: number;
}

/**
 * Decides on the device, with no network: the signature against the roster's public key, then
 * revocation, opening hours and today's entries (gateDecision, the same code the API's tests
 * run). Every decision is kept as a check-in to send; a first entry is also this badge's entry
 * of today at once. Null when the device has no roster yet.
 */
export async function checkBadge(text: string, context: CheckContext): Promise<GateCheck | null> {
  const meta = await readMeta();
  if (!meta) return null;
  // Only a text shaped like a badge can have claims; parsing first spares the lookup otherwise.
  const claims = parseBadgeToken(text) ? await (await verifierFor(meta.publicKey))(text) : null;
  // Another edition's registration ids are not this roster's: its badge names nobody here.
  const known =
    claims?.eventId === meta.eventId
      ? await lookUp(claims.registrationId)
      : { person: null, revoked: false, entry: null };
  const now = gateNow(meta);
  const decision = gateDecision({
    claims,
    eventId: meta.eventId,
    revoked: known.revoked,
    hours: meta.hours,
    now,
    entry: known.entry,
  });
  const checkin: QueuedCheckin = {
    id: newScanId(),
    // The server's limit: any longer text is not a badge anyway, and the refusal is still kept.
    badge: text.slice(0, 200),
    gateId: context.gateId,
    deviceId: context.deviceId,
    scannedAt: now.toISOString(),
    verdict: decision.verdict,
    reason: decision.verdict === 'refused' ? decision.reason : null,
    reentry: false,
    controllerId: context.controllerId,
  };
  const firstEntry =
    decision.verdict === 'admitted' && claims
      ? { regId: claims.registrationId, entry: { at: checkin.scannedAt, gateId: context.gateId } }
      : null;
  // A device out of storage still says its verdict: the person at the gate must not wait for it.
  await putCheckin(checkin, firstEntry).catch(() => undefined);
  return { decision, claims, person: known.person, checkin };
}

/** 'Laisser entrer' after an orange verdict: a new check-in, this time a re-entry. */
export async function letInAgain(previous: QueuedCheckin, meta: RosterMeta): Promise<QueuedCheckin> {
  const checkin: QueuedCheckin = {
    ...previous,
    id: newScanId(),
    scannedAt: gateNow(meta).toISOString(),
    reentry: true,
  };
  await putCheckin(checkin, null);
  return checkin;
}
