import * as z from 'zod/mini';
import { call, idPath } from '../call';
import { badgeLinkSchema, ebadgeSchema, walletOffersSchema } from '../contracts/badges';
import { badgePublicKeySchema } from '../contracts/gate';
import { fileAnswer, sentSchema } from '../contracts/common';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../language';

/** The badge outside the PDF files: its signed download, the e-badge page, a fresh link, a new mail. */

const tags = ['badges'];

/** A signed link's token (the mail's, or a download's). */
export const tokenQuery = z.object({ token: z.string().check(z.minLength(1), z.maxLength(2000)) });

/** The download the browser navigates to: a signed link, since a navigation carries no bearer header. */
export const getBadgeDownload = call({
  method: 'GET',
  path: '/registrations/downloadEbadgeFull/:id',
  tags,
  params: idPath,
  query: tokenQuery,
  response: { 200: fileAnswer('application/pdf') },
});

/** The e-badge page's data (the link in the mail carries the badge's key). */
export const getEbadge = call({
  method: 'GET',
  path: '/registrations/ebadge',
  tags,
  query: tokenQuery,
  response: { 200: ebadgeSchema },
});

/** A fresh download link (PDF, Apple and Google Wallet) for the holder or its exhibitor. */
export const postBadgeLink = call({
  method: 'POST',
  path: '/registrations/:id/badge-link',
  tags,
  params: idPath,
  response: { 200: badgeLinkSchema },
  audience: 'signedIn',
});

/** The badge mailed again to its holder. */
export const postBadgeMail = call({
  method: 'POST',
  path: '/registrations/sendEmailEBadge/:id',
  tags,
  params: idPath,
  response: { 200: sentSchema },
  audience: 'signedIn',
});

/**
 * The key that checks badge QR codes: public on purpose, the gate screens keep it to check badges
 * offline.
 */
export const getBadgePublicKey = call({
  method: 'GET',
  path: '/badges/public-key',
  tags,
  response: { 200: badgePublicKeySchema },
});

/** Which phone wallets the organiser offers badges in. */
export const getWallet = call({ method: 'GET', path: '/wallet', tags, response: { 200: walletOffersSchema } });

/** A badge's wallet key: the mail's random key, or a signed link's token (`badge-link`); nothing else. */
const walletKeyQuery = z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(2000)) });
const PKPASS = 'application/vnd.apple.pkpass';

/** Apple Wallet's pass of the exhibitor area's and the kiosk's 'Ajouter à Apple Wallet': a signed link, as the PDF's. */
export const getWalletPassDownload = call({
  method: 'GET',
  path: '/registrations/downloadWalletPass/:id',
  tags,
  params: idPath,
  query: walletKeyQuery,
  response: { 200: fileAnswer(PKPASS) },
});

/** Apple Wallet's pass by the key of the badge mail (the e-badge page's and the mail's button). */
export const getEbadgeWalletPass = call({
  method: 'GET',
  path: '/registrations/ebadge/wallet.pkpass',
  tags,
  query: walletKeyQuery,
  response: { 200: fileAnswer(PKPASS) },
});

/** 'Ajouter à Google Wallet' by the key of the badge mail: a redirect (303) to Google's link, made now. */
export const getEbadgeGoogleWallet = call({
  method: 'GET',
  path: '/registrations/ebadge/google-wallet',
  tags,
  query: walletKeyQuery,
  response: {},
});

/** The exhibitor area's and the kiosk's 'Ajouter à Google Wallet': a signed link, then the same redirect. */
export const getGoogleWalletPass = call({
  method: 'GET',
  path: '/registrations/googleWalletPass/:id',
  tags,
  params: idPath,
  query: walletKeyQuery,
  response: {},
});

const langQuery = z.strictObject({ lang: z._default(z.enum(LANGUAGES), DEFAULT_LANGUAGE) });
const walletButton = <const P extends string>(path: P, type: string) =>
  call({ method: 'GET', path, tags, query: langQuery, response: { 200: fileAnswer(type) } });

/**
 * Each wallet's own button in the language asked, as the organiser's copy holds it: the SVG, and
 * a PNG at twice its size for the mail clients that show no SVG (a 404 when that wallet is not offered).
 */
export const WALLET_BUTTONS = {
  apple: {
    svg: walletButton('/wallet/apple-badge.svg', 'image/svg+xml'),
    png: walletButton('/wallet/apple-badge.png', 'image/png'),
  },
  google: {
    svg: walletButton('/wallet/google-badge.svg', 'image/svg+xml'),
    png: walletButton('/wallet/google-badge.png', 'image/png'),
  },
};
