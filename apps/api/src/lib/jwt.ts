import { SignJWT, jwtVerify } from 'jose';
import { hmacKey } from './hmac-key';

export const SESSION_LIFETIME_SECONDS = 7 * 24 * 3600;
/** A token older than this is replaced by a fresh one on the next authenticated call. */
export const RENEW_AFTER_SECONDS = 24 * 3600;

export interface SessionClaims {
  userId: number;
  version: number;
  issuedAt: number;
}

export function createJwt(secret: string) {
  // Imported once: jose would otherwise import raw bytes again on every signature.
  const key = hmacKey(secret);
  return {
    async sign(userId: number, version: number, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_LIFETIME_SECONDS)
        .sign(await key);
    },
    async verify(token: string, now: Date): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.ver !== 'number' || !payload.iat) return null;
        return { userId, version: payload.ver, issuedAt: payload.iat };
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
