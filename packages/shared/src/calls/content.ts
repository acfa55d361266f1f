import { call, strapiQuery } from '../call';
import {
  agencySchema,
  bannerPageSchema,
  galleryPageSchema,
  partnerPageSchema,
  showRecordSchema,
  testimonialPageSchema,
} from '../contracts/content';

/**
 * The site's content as the specification's client reads it (`sib/`, `bannieres/`…: the router
 * answers each path with and without the slash).
 */

const tags = ['content'];
const listQuery = () => strapiQuery('populate', 'sort', 'pagination', 'filters');

/** The show's record: its dates, venue and the logos of its sponsor and guest country. */
export const getSib = call({
  method: 'GET',
  path: '/sib',
  tags,
  query: strapiQuery('populate'),
  response: { 200: showRecordSchema },
});

export const getAgence = call({
  method: 'GET',
  path: '/agence',
  tags,
  query: strapiQuery('populate'),
  response: { 200: agencySchema },
});

export const getTestimonials = call({
  method: 'GET',
  path: '/temoignages',
  tags,
  query: listQuery(),
  response: { 200: testimonialPageSchema },
});

export const getGalleries = call({
  method: 'GET',
  path: '/galeries',
  tags,
  query: listQuery(),
  response: { 200: galleryPageSchema },
});

export const getPartners = call({
  method: 'GET',
  path: '/partenaires',
  tags,
  query: listQuery(),
  response: { 200: partnerPageSchema },
});

export const getPressPartners = call({
  method: 'GET',
  path: '/partenaires-presses',
  tags,
  query: listQuery(),
  response: { 200: partnerPageSchema },
});

/** Active banners, newest first; both placements in one call, as the web client asks. */
export const getBanners = call({
  method: 'GET',
  path: '/bannieres',
  tags,
  query: listQuery(),
  response: { 200: bannerPageSchema },
});
