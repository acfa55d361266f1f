import * as z from 'zod/mini';
import { call, formBody, strapiQuery } from '../call';
import {
  exhibitorPageSchema,
  exhibitorUploadSchema,
  ownExhibitorPageSchema,
  visitorCardSchema,
} from '../contracts/directory';
import { exhibitorPageFormSchema, visitorCardFormSchema } from '../exhibitor-page';

/** 'Fiche annuaire': the exhibitor's page of the directory as it keeps it, and as the public reads it. */

const tags = ['exhibitor-area'];

export const getOwnPage = call({
  method: 'GET',
  path: '/exhibitor-page',
  tags,
  query: strapiQuery(),
  response: { 200: ownExhibitorPageSchema },
  audience: 'exhibitors',
});

export const putOwnPage = call({
  method: 'PUT',
  path: '/exhibitor-page',
  tags,
  body: formBody(exhibitorPageFormSchema),
  response: { 200: ownExhibitorPageSchema },
  audience: 'exhibitors',
});

/** The contact card and the document the visitors it scanned get. */
export const getVisitorCard = call({
  method: 'GET',
  path: '/exhibitor-page/visitor-card',
  tags,
  query: strapiQuery(),
  response: { 200: visitorCardSchema },
  audience: 'exhibitors',
});

export const putVisitorCard = call({
  method: 'PUT',
  path: '/exhibitor-page/visitor-card',
  tags,
  body: formBody(visitorCardFormSchema),
  response: { 200: visitorCardSchema },
  audience: 'exhibitors',
});

/** An image (its logo) or a PDF (a document it hands out): one file, in the multipart field `file`. */
export const postOwnPageFile = call({
  method: 'POST',
  path: '/exhibitor-page/files',
  tags,
  summary: 'Uploads one image (PNG, JPEG, WebP) or PDF, field `file`',
  response: { 201: exhibitorUploadSchema },
  audience: 'exhibitors',
});

/** An exhibitor's public page: the address's last number names the exhibitor. */
export const getExhibitorPage = call({
  method: 'GET',
  path: '/exhibitors/:slug',
  tags: ['directory'],
  params: z.object({ slug: z.string().check(z.maxLength(100)) }),
  query: strapiQuery(),
  response: { 200: exhibitorPageSchema },
});
