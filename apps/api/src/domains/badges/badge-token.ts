/**
 * The badge token carried by the QR code: who may enter, signed so that the gates can check it
 * offline with the public key alone. It holds ids only, never a name or an e-mail, because a
 * QR code can be read by anyone who sees it.
 *
 * Layout: base64url(payload) '.' base64url(Ed25519 signature of the payload bytes), where the
 * payload is 14 bytes, big-endian:
 *
 *   offset 0   version          uint8   (1)
 *   offset 1   type             uint8   index in REGISTRATION_TYPES
 *   offset 2   event id         uint32
 *   offset 6   registration id  uint32
 *   offset 10  issued at        uint32  seconds since 1970 (UTC)
 *
 * The whole token is 106 ASCII characters: a version 6 QR code at level M, the smallest that
 * holds it.
 */
import { createPrivateKey, createPublicKey, sign as edSign, verify as edVerify, type KeyObject } from 'node:crypto';
// BADGE_TOKEN_SHAPE: base64url without padding, as Buffer writes it: 14 bytes → 19 characters, 64 → 86.
import { BADGE_TOKEN_SHAPE, REGISTRATION_TYPES, type RegistrationType } from '@salon/shared';

export const BADGE_TOKEN_VERSION = 1;
const PAYLOAD_BYTES = 14;
const SIGNATURE_BYTES = 64;
const UINT32_MAX = 0xffff_ffff;

/** What a badge token says; nothing personal. */
export interface BadgeClaims {
  registrationId: number;
  type: RegistrationType;
  eventId: number;
  /** Seconds since 1970 (UTC), whole. */
  issuedAt: number;
}

/** The Ed25519 public key as a JSON Web Key (RFC 8037), for WebCrypto in the gate screens. */
export interface BadgePublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

export interface BadgeSigner {
  /** The token for these claims; throws RangeError on ids or dates that do not fit. */
  sign(claims: BadgeClaims): string;
  /** The claims of a token signed by this key, or null. */
  verify(token: string): BadgeClaims | null;
  publicKey: KeyObject;
  /** base64url of the 32 raw key bytes. */
  publicKeyRaw: string;
  publicKeyJwk: BadgePublicJwk;
}

const isUint32 = (n: number) => Number.isInteger(n) && n >= 0 && n <= UINT32_MAX;

function encodePayload(claims: BadgeClaims): Buffer {
  const type = REGISTRATION_TYPES.indexOf(claims.type);
  if (type < 0) throw new RangeError(`unknown registration type: ${String(claims.type)}`);
  for (const key of ['registrationId', 'eventId', 'issuedAt'] as const) {
    if (!isUint32(claims[key])) throw new RangeError(`${key} must be a whole number from 0 to 2^32-1`);
  }
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(BADGE_TOKEN_VERSION, 0);
  payload.writeUInt8(type, 1);
  payload.writeUInt32BE(claims.eventId, 2);
  payload.writeUInt32BE(claims.registrationId, 6);
  payload.writeUInt32BE(claims.issuedAt, 10);
  return payload;
}

/** The Ed25519 private key (PKCS#8 PEM) of the configuration, ready to sign badge tokens. */
export function createBadgeSigner(privateKeyPem: string): BadgeSigner {
  const privateKey = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the badge key must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  const publicKeyJwk: BadgePublicJwk = { kty: 'OKP', crv: 'Ed25519', x: String(jwk.x) };
  return {
    sign(claims) {
      const payload = encodePayload(claims);
      return `${payload.toString('base64url')}.${edSign(null, payload, privateKey).toString('base64url')}`;
    },
    verify: (token) => verifyBadgeToken(token, publicKey),
    publicKey,
    publicKeyRaw: publicKeyJwk.x,
    publicKeyJwk,
  };
}

/** A public key given as a KeyObject, as base64url raw bytes (32) or as PEM. */
export function badgePublicKey(key: KeyObject | string): KeyObject {
  if (typeof key !== 'string') return key;
  if (key.includes('-----BEGIN')) return createPublicKey(key);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key }, format: 'jwk' });
}

/**
 * The claims of a genuine token, or null for anything else (forged, altered, another key,
 * another version, wrong length, not even a string). Never throws on what a camera read.
 */
export function verifyBadgeToken(token: unknown, publicKey: KeyObject | string): BadgeClaims | null {
  if (typeof token !== 'string' || !BADGE_TOKEN_SHAPE.test(token)) return null;
  const [payloadText = '', signatureText = ''] = token.split('.');
  const payload = Buffer.from(payloadText, 'base64url');
  const signature = Buffer.from(signatureText, 'base64url');
  // Decoding ignores the unused low bits of the last character: insist on the one spelling, so
  // that a token cannot be changed and still verify.
  if (payload.toString('base64url') !== payloadText || signature.toString('base64url') !== signatureText) return null;
  if (payload.length !== PAYLOAD_BYTES || signature.length !== SIGNATURE_BYTES) return null;
  if (payload.readUInt8(0) !== BADGE_TOKEN_VERSION) return null;
  const type = REGISTRATION_TYPES[payload.readUInt8(1)];
  if (!type) return null;
  let genuine: boolean;
  try {
    genuine = edVerify(null, payload, badgePublicKey(publicKey), signature);
  } catch {
    return null;
  }
  if (!genuine) return null;
  return {
    registrationId: payload.readUInt32BE(6),
    type,
    eventId: payload.readUInt32BE(2),
    issuedAt: payload.readUInt32BE(10),
  };
}
