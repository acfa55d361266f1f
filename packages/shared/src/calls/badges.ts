import * as z from 'zod/mini';
import { call, idPath } from '../call';
import { badgeLinkSchema, ebadgeSchema, walletOffersSchema } from '../contracts/badges';
import { fileAnswer, sentSchema } from '../contracts/common';

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

/** Which phone wallets the organiser offers badges in. */
export const getWallet = call({ method: 'GET', path: '/wallet', tags, response: { 200: walletOffersSchema } });
