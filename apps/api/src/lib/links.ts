import { SignJWT, jwtVerify } from 'jose';

/**
 * Signed links sent by e-mail or handed to the browser: a badge download (a navigation, which
 * cannot carry a bearer header), the e-badge page, newsletter confirmation and unsubscription.
 * Signed with the session secret but with their own audience and purpose, so that a link is
 * never a session token, nor a link for something else.
 */
export type LinkPurpose = 'badge_download' | 'ebadge' | 'newsletter_confirm' | 'newsletter_unsubscribe';

const AUDIENCE = 'link';

export function createLinkSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    /** A token for `subject` (a registration or subscription id); `ttlSeconds` null: no expiry. */
    async sign(purpose: LinkPurpose, subject: number, ttlSeconds: number | null, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      const jwt = new SignJWT({ purpose })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setSubject(String(subject))
        .setIssuedAt(iat);
      if (ttlSeconds !== null) jwt.setExpirationTime(iat + ttlSeconds);
      return jwt.sign(key);
    },
    /** The subject, or null when the token is not a valid, unexpired link for this purpose. */
    async verify(token: string, purposes: LinkPurpose | LinkPurpose[], now: Date): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          currentDate: now,
        });
        const subject = Number(payload.sub);
        const allowed = ([] as LinkPurpose[]).concat(purposes);
        if (!allowed.includes(payload.purpose as LinkPurpose) || !Number.isInteger(subject)) return null;
        return subject;
      } catch {
        return null;
      }
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** How long each link works. */
export const LINK_TTL = {
  /** The download starts at once; a copied link soon stops working. */
  badgeDownload: 15 * 60,
  /** The e-mailed e-badge is shown at the gates: it must last past the show. */
  ebadge: 365 * 24 * 3600,
  newsletterConfirm: 7 * 24 * 3600,
} as const;
