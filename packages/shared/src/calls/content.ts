import { call, strapiQuery } from '../call';
import {
  agencySchema,
  bannerPageSchema,
  editionListSchema,
  floorPlanSchema,
  galleryPageSchema,
  hallListSchema,
  openingHoursSchema,
  partnerPageSchema,
  publicSiteSettingsSchema,
  sectorListSchema,
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

/** The editions, with their figures (an edition after the current one: the organisers' preview only). */
export const getEvents = call({
  method: 'GET',
  path: '/events',
  tags: ['reference'],
  query: strapiQuery('filters'),
  response: { 200: editionListSchema },
});

/** `year=2024`: that edition's days (an organiser's preview of it); else the current one's. */
export const getOpeningHours = call({
  method: 'GET',
  path: '/opening-hours',
  tags: ['reference'],
  query: strapiQuery('filters', 'year'),
  response: { 200: openingHoursSchema },
});

/** The show's sectors (`filters[kind]=choice`: those an exhibitor picks; `page`: the information page's). */
export const getSectors = call({
  method: 'GET',
  path: '/sectors',
  tags: ['reference'],
  query: strapiQuery('filters'),
  response: { 200: sectorListSchema },
});

export const getGates = call({
  method: 'GET',
  path: '/gates',
  tags: ['reference'],
  query: strapiQuery('filters'),
  response: { 200: hallListSchema },
});

/**
 * The floor plan: halls, stands and who holds them, `year=2024` that edition's (the /plan-2024
 * page), else the current one's.
 */
export const getFloorPlan = call({
  method: 'GET',
  path: '/floor-plan',
  tags: ['reference'],
  query: strapiQuery('year'),
  response: { 200: floorPlanSchema },
});

/** The venue, each team's public e-mail and phone, the virtual tour, as the organiser published them (no parameter). */
export const getSiteSettings = call({
  method: 'GET',
  path: '/site-settings',
  tags,
  query: strapiQuery(),
  response: { 200: publicSiteSettingsSchema },
});
