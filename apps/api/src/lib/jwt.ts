import { SignJWT, jwtVerify } from 'jose';
import { hmacKey } from './hmac-key';

export const SESSION_LIFETIME_SECONDS = 7 * 24 * 3600;
/** A token older than this is replaced by a fresh one on the next authenticated call. */
export const RENEW_AFTER_SECONDS = 24 * 3600;
/** However often it is renewed, a session ends this long after its sign-in (ASVS 3.3.2). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** How long an organiser's preview of an edition lasts (the back-office's 'Aperçu du site'). */
export const PREVIEW_LIFETIME_SECONDS = 2 * 3600;

export interface PreviewClaims {
  userId: number;
  version: number;
  editionId: number;
}

export interface SessionClaims {
  userId: number;
  version: number;
  issuedAt: number;
  /** When the password was typed (the `auth_time` claim); renewals carry it unchanged. */
  authTime: number;
}

export function createJwt(secret: string) {
  // Imported once: jose would otherwise import raw bytes again on every signature.
  const key = hmacKey(secret);
  return {
    /** A sign-in token; `authTime` is the original sign-in's when renewing (default: now). */
    async sign(userId: number, version: number, now: Date, authTime?: number): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      const signedInAt = authTime ?? iat;
      return new SignJWT({ ver: version, auth_time: signedInAt })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(Math.min(iat + SESSION_LIFETIME_SECONDS, signedInAt + SESSION_MAX_AGE_SECONDS))
        .sign(await key);
    },
    /** The claims of a valid token still within its absolute lifetime, else null. */
    async verify(token: string, now: Date): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.ver !== 'number' || !payload.iat || !payload.exp) return null;
        // A preview (signPreview) is no sign-in.
        if (payload.prv !== undefined) return null;
        // Tokens made before auth_time existed count from their own issue time.
        const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
        if (now.getTime() / 1000 - authTime > SESSION_MAX_AGE_SECONDS) return null;
        return { userId, version: payload.ver, issuedAt: payload.iat, authTime };
      } catch {
        return null;
      }
    },
    /**
     * An organiser's preview of an edition's public site: theirs (their session's version, so that
     * signing out ends it), for two hours. Never a sign-in token: its `prv` claim tells them apart.
     */
    async signPreview(claims: PreviewClaims, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ver: claims.version, prv: claims.editionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + PREVIEW_LIFETIME_SECONDS)
        .sign(await key);
    },
    async verifyPreview(token: string, now: Date): Promise<PreviewClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now });
        const userId = Number(payload.sub);
        const { ver, prv } = payload;
        if (!Number.isInteger(userId) || typeof ver !== 'number' || typeof prv !== 'number') return null;
        return { userId, version: ver, editionId: prv };
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
