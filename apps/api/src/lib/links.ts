import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links sent by e-mail or handed to the browser: a badge download (a navigation, which
 * cannot carry a bearer header), newsletter confirmation and unsubscription. (The e-badge link
 * of the badge mail carries the registration's random badge key instead.)
 *
 * A link token is `base64url(payload).base64url(HMAC-SHA-256)`, with a key derived from the
 * session secret for this use only: a link is never a session token (those are three-part JWTs
 * signed with another key), nor a link for another purpose. Signing is synchronous and takes
 * microseconds.
 */
export type LinkPurpose =
  'badge_download' | 'newsletter_confirm' | 'newsletter_unsubscribe' | 'enquiry_stand' | 'stand_priority';

interface LinkPayload {
  /** Purpose. */
  p: LinkPurpose;
  /** Subject: a registration or subscription id. */
  s: number;
  /** Expiry, in seconds since 1970; absent: never. */
  e?: number;
}

export function createLinkSigner(secret: string) {
  const key = createHmac('sha256', secret).update('salon-btp links v1').digest();
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    /** A token for `subject`; `ttlSeconds` null: no expiry. */
    sign(purpose: LinkPurpose, subject: number, ttlSeconds: number | null, now: Date): string {
      const payload: LinkPayload = { p: purpose, s: subject };
      if (ttlSeconds !== null) payload.e = Math.floor(now.getTime() / 1000) + ttlSeconds;
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${data}.${mac(data).toString('base64url')}`;
    },
    /** The subject, or null when the token is not a valid, unexpired link for this purpose. */
    verify(token: string, purposes: LinkPurpose | LinkPurpose[], now: Date): number | null {
      const [data, signature, extra] = token.split('.');
      if (!data || !signature || extra !== undefined) return null;
      const expected = mac(data);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let payload: Partial<LinkPayload>;
      try {
        payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Partial<LinkPayload>;
      } catch {
        return null;
      }
      const allowed = ([] as LinkPurpose[]).concat(purposes);
      if (!payload.p || !allowed.includes(payload.p) || !Number.isInteger(payload.s)) return null;
      if (payload.e !== undefined && payload.e * 1000 <= now.getTime()) return null;
      return payload.s!;
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** How long each link works. */
export const LINK_TTL = {
  /** The download starts at once; a copied link soon stops working. */
  badgeDownload: 15 * 60,
  newsletterConfirm: 7 * 24 * 3600,
} as const;
