import { webcrypto } from 'node:crypto';

/** An HMAC-SHA-256 key for jose, made once from a secret string. */
export function hmacKey(secret: string): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}
