import * as z from 'zod/mini';
import { REGISTRATION_TYPES } from '../constants';
import { LANGUAGES } from '../language';
import { visitSchema } from '../my-visit';
import { kioskRecordSchema } from './admin-devices';
import { item, mediaSchema, page } from './common';

/**
 * A badge as a screen shows it (the e-badge page, the kiosk, the exhibitor area): the holder, the
 * signed token and its QR code drawn as a path, the edition and its opening hours.
 */
export const badgeViewSchema = z.strictObject({
  registration: z.strictObject({ id: z.number(), type: z.enum(REGISTRATION_TYPES) }),
  name: z.string(),
  company: z.nullable(z.string()),
  jobPosition: z.nullable(z.string()),
  lang: z.enum(LANGUAGES),
  token: z.string(),
  qr: z.strictObject({ size: z.number(), path: z.string() }),
  event: z.strictObject({
    name: z.string(),
    edition: z.number(),
    startsOn: z.string(),
    endsOn: z.string(),
    city: z.string(),
  }),
  hours: z.array(z.strictObject({ day: z.string(), opens: z.string(), closes: z.string() })),
});
export type BadgeViewData = z.output<typeof badgeViewSchema>;

/** `GET registrations/ebadge?token=…`: the badge on a phone, and a short-lived link to its PDF. */
export const ebadgeSchema = item(
  z.strictObject({
    ...badgeViewSchema.def.shape,
    downloadUrl: z.string(),
    /** The badge as an Apple Wallet pass, by the same key; null when the organiser offers none. */
    appleWalletUrl: z.nullable(z.string()),
    /** The badge saved to Google Wallet (a redirect to Google's link), by the same key; null when not offered. */
    googleWalletUrl: z.nullable(z.string()),
    /** 'Ma visite' as kept with the badge (empty lists when nothing is). */
    visit: visitSchema,
  }),
);

/**
 * `POST registrations/:id/badge-link`: short-lived links to one's own badge, its PDF and, when
 * the organiser offers them, its Apple Wallet pass and its Google Wallet link (else null).
 */
export const badgeLinkSchema = item(
  z.strictObject({ url: z.string(), appleWalletUrl: z.nullable(z.string()), googleWalletUrl: z.nullable(z.string()) }),
);

/** `GET wallet`: which phone wallets the organiser offers badges in. */
export const walletOffersSchema = item(z.strictObject({ apple: z.boolean(), google: z.boolean() }));

/** A short-lived link and that link as a QR code, for the visitor's own phone (a kiosk is shared). */
const walletCodeSchema = z.nullable(
  z.strictObject({ url: z.string(), qr: z.strictObject({ size: z.number(), path: z.string() }) }),
);

/**
 * `POST kiosk/lookup`: the badge found and, for each wallet the organiser offers (else null), a
 * short-lived link with its QR code: to the Apple Wallet pass for an iPhone, to the Google Wallet
 * link for an Android phone.
 */
export const kioskBadgeSchema = item(
  z.strictObject({ ...badgeViewSchema.def.shape, appleWallet: walletCodeSchema, googleWallet: walletCodeSchema }),
);

/** `GET kiosk/session`: the kiosk the device is. */
export const kioskSessionSchema = item(
  z.strictObject({ id: z.number(), name: z.string(), createdAt: z.string(), expiresAt: z.string() }),
);

/** `GET kiosk/sessions`: the kiosks, for the staff who revoke them. */
export const kioskListSchema = page(kioskRecordSchema);

/**
 * `GET ebadge/visited?token=…`: 'Stands visités', the exhibitors whose stands scanned the badge
 * in its edition, once each (company order): their page's address, their hall and stand, whether
 * they give a contact card (`ebadge/visited/:id/contact.vcf`), the one PDF they hand out, and
 * whether the holder asked them not to contact them.
 */
export const visitedStandsSchema = item(
  z.array(
    z.strictObject({
      id: z.number(),
      slug: z.string(),
      company: z.string(),
      gate: z.nullable(z.strictObject({ id: z.number(), name: z.string() })),
      booth: z.nullable(z.string()),
      contactCard: z.boolean(),
      document: z.nullable(mediaSchema),
      doNotContact: z.boolean(),
    }),
  ),
);
export type VisitedStand = z.output<typeof visitedStandsSchema>['data'][number];

/** `POST ebadge/visited/:id/do-not-contact` (the script's answer; a form gets a 303 back). */
export const doNotContactSchema = item(z.strictObject({ doNotContact: z.boolean() }));
