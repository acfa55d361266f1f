import * as z from 'zod/mini';
import { formBody, handlerForm, idPath, openQuery } from '../call';
import { backOfficeCall } from './back-office-call';
import {
  agenceSchema,
  bannerSchema,
  conferenceChangeSchema,
  conferenceFormSchema,
  gallerySchema,
  hallSchema,
  partnerSchema,
  reorderSchema,
  sibSchema,
  testimonialChangeSchema,
  testimonialSchema,
} from '../content-forms';
import {
  adminAgencySchema,
  adminBannerSchema,
  adminConferenceSchema,
  adminEditionSchema,
  adminGalleryItemSchema,
  adminHallSchema,
  adminMediaSchema,
  adminPartnerSchema,
  adminPlanFeatureSchema,
  adminShowRecordSchema,
  adminSiteSettingsSchema,
  adminStandSchema,
  adminTestimonialSchema,
  standImportPreviewSchema,
} from '../contracts/admin-records';
import { standImportSchema, standSchema } from '../floor-plan';
import { featureSchema } from '../plan-features';
import { exhibitorServiceSchema, standClassSchema } from '../stand-sales';
import { adminExhibitorServiceSchema, adminStandClassSchema } from '../contracts/stand-sales';
import { editionSchema, nextEditionSchema, siteSettingsSchema } from '../site-settings';
import {
  announcementPlanSchema,
  announcementSentSchema,
  editionPreviewSchema,
  outdatedContentSchema,
  participationPlanSchema,
  participationSentSchema,
} from '../contracts/admin-editions';

/**
 * The back-office's records, in the shape of react-admin's simple REST data provider: a list
 * answers an array (its total in Content-Range), a record answers the record.
 */

/**
 * A record resource of the back-office (`/admin/<name>`): its list (react-admin's query, read by
 * the API), one record, a new one from the form, a change (the fields it gives), a deletion. The
 * forms are read by the API after it found the record.
 */
export function recordCalls<
  const N extends string,
  R extends z.ZodMiniType,
  F extends z.ZodMiniType,
  C extends z.ZodMiniType = z.ZodMiniType,
>(name: N, { record, form, change }: { record: R; form: F; change: C }) {
  const list = `/admin/${name}` as const;
  const one = `/admin/${name}/:id` as const;
  return {
    name,
    list: backOfficeCall({ method: 'GET', path: list, query: openQuery, response: { 200: z.array(record) } }),
    get: backOfficeCall({ method: 'GET', path: one, params: idPath, response: { 200: record } }),
    create: backOfficeCall({ method: 'POST', path: list, body: handlerForm(form), response: { 201: record } }),
    update: backOfficeCall({
      method: 'PUT',
      path: one,
      params: idPath,
      body: handlerForm(change),
      response: { 200: record },
    }),
    remove: backOfficeCall({ method: 'DELETE', path: one, params: idPath, response: { 200: record } }),
  };
}
export type RecordCalls = ReturnType<typeof recordCalls>;

const partners = { record: adminPartnerSchema, form: partnerSchema, change: z.partial(partnerSchema) };

/** Every record resource of the back-office, by its name (its path under /admin/). */
export const RECORD_RESOURCES = {
  /** The home page's banners, at the top or the bottom. */
  bannieres: recordCalls('bannieres', {
    record: adminBannerSchema,
    form: bannerSchema,
    change: z.partial(bannerSchema),
  }),
  partenaires: recordCalls('partenaires', partners),
  'partenaires-presses': recordCalls('partenaires-presses', partners),
  galeries: recordCalls('galeries', {
    record: adminGalleryItemSchema,
    form: gallerySchema,
    change: z.partial(gallerySchema),
  }),
  temoignages: recordCalls('temoignages', {
    record: adminTestimonialSchema,
    form: testimonialSchema,
    change: testimonialChangeSchema,
  }),
  /** The forum's conferences, edition by edition. */
  conferences: recordCalls('conferences', {
    record: adminConferenceSchema,
    form: conferenceFormSchema,
    change: conferenceChangeSchema,
  }),
  /** The halls, edition by edition (the gates the controllers work at). */
  gates: recordCalls('gates', { record: adminHallSchema, form: hallSchema, change: z.partial(hallSchema) }),
  /** The floor plan's stands, each in its hall. */
  stands: recordCalls('stands', { record: adminStandSchema, form: standSchema, change: z.partial(standSchema) }),
  /** What the plan's stands are sold as, priced per m² (stands sold online). */
  'stand-classes': recordCalls('stand-classes', {
    record: adminStandClassSchema,
    form: standClassSchema,
    change: z.partial(standClassSchema),
  }),
  /** The services exhibitors order for their stands, edition by edition. */
  'exhibitor-services': recordCalls('exhibitor-services', {
    record: adminExhibitorServiceSchema,
    form: exhibitorServiceSchema,
    change: z.partial(exhibitorServiceSchema),
  }),
  /** Entrances, aisles, services and the forum's room on the floor plan. */
  'plan-features': recordCalls('plan-features', {
    record: adminPlanFeatureSchema,
    form: featureSchema,
    change: z.partial(featureSchema),
  }),
  /** The editions of the history page, the current one among them. */
  editions: recordCalls('editions', { record: adminEditionSchema, form: editionSchema, change: editionSchema }),
};
export type RecordResourceName = keyof typeof RECORD_RESOURCES;

/**
 * Puts the partners in the order given: the listed ones first (positions 1, 2, …), then the
 * others in their current order.
 */
const reorderCall = <const N extends 'partenaires' | 'partenaires-presses'>(name: N) =>
  backOfficeCall({
    method: 'POST',
    path: `/admin/${name}/reorder`,
    body: formBody(reorderSchema),
    response: { 200: z.array(adminPartnerSchema) },
  });
export const postPartnersReorder = reorderCall('partenaires');
export const postPressPartnersReorder = reorderCall('partenaires-presses');

/**
 * A layout CSV: the preview (what each hall would hold, the errors line by line), and with
 * `commit` the import itself.
 */
export const postStandsImport = backOfficeCall({
  method: 'POST',
  path: '/admin/stands/import',
  body: formBody(standImportSchema),
  response: { 200: standImportPreviewSchema },
});

/** The one-row records, edited by react-admin as record 1: the site settings, the show's and the agency's. */
export const getAdminSiteSettings = backOfficeCall({
  method: 'GET',
  path: '/admin/site-settings/1',
  response: { 200: adminSiteSettingsSchema },
});
export const putAdminSiteSettings = backOfficeCall({
  method: 'PUT',
  path: '/admin/site-settings/1',
  body: formBody(siteSettingsSchema),
  response: { 200: adminSiteSettingsSchema },
});
export const getAdminSib = backOfficeCall({
  method: 'GET',
  path: '/admin/sib/1',
  response: { 200: adminShowRecordSchema },
});
/** The show's logos and background, and the PDFs that replace the generated plan, programme and catalogue. */
export const putAdminSib = backOfficeCall({
  method: 'PUT',
  path: '/admin/sib/1',
  body: formBody(sibSchema),
  response: { 200: adminShowRecordSchema },
});
export const getAdminAgence = backOfficeCall({
  method: 'GET',
  path: '/admin/agence/1',
  response: { 200: adminAgencySchema },
});
export const putAdminAgence = backOfficeCall({
  method: 'PUT',
  path: '/admin/agence/1',
  body: handlerForm(z.partial(agenceSchema)),
  response: { 200: adminAgencySchema },
});

/** The uploaded images and PDFs the content records point at. */
export const postAdminMedia = backOfficeCall({
  method: 'POST',
  path: '/admin/media',
  summary: 'Uploads one image (PNG, JPEG, WebP) or PDF, field `file`',
  response: { 201: adminMediaSchema },
});
export const getAdminMediaList = backOfficeCall({
  method: 'GET',
  path: '/admin/media',
  query: openQuery,
  response: { 200: z.array(adminMediaSchema) },
});
export const getAdminMedia = backOfficeCall({
  method: 'GET',
  path: '/admin/media/:id',
  params: idPath,
  response: { 200: adminMediaSchema },
});

/** 'Aperçu du site': the public site as it reads for this edition, for this organiser, two hours. */
export const getEditionPreview = backOfficeCall({
  method: 'GET',
  path: '/admin/editions/:id/preview',
  params: idPath,
  response: { 200: editionPreviewSchema },
});
/** 'Préparer l'édition suivante': a new edition after this one (the form is read after the id). */
export const postNextEdition = backOfficeCall({
  method: 'POST',
  path: '/admin/editions/:id/next',
  params: idPath,
  body: handlerForm(nextEditionSchema),
  response: { 201: adminEditionSchema },
});
/** The site's texts that name the current edition's year, before 'Rendre courante'. */
export const getOutdatedContent = backOfficeCall({
  method: 'GET',
  path: '/admin/editions/:id/outdated-content',
  params: idPath,
  response: { 200: outdatedContentSchema },
});
/** 'Rendre courante': the site, its registrations, the exhibitor area and the gates follow this edition. */
export const postMakeEditionCurrent = backOfficeCall({
  method: 'POST',
  path: '/admin/editions/:id/make-current',
  params: idPath,
  response: { 200: adminEditionSchema },
});

/**
 * A mailing from an edition's page: `GET` says what it would reach, `POST` sends it (audited, with
 * the plan as it stood before).
 */
const mailingCalls = <const A extends string, P extends z.ZodMiniType, S extends z.ZodMiniType>(
  action: A,
  answers: { plan: P; sent: S },
) => ({
  plan: backOfficeCall({
    method: 'GET',
    path: `/admin/editions/:id/${action}`,
    params: idPath,
    response: { 200: answers.plan },
  }),
  send: backOfficeCall({
    method: 'POST',
    path: `/admin/editions/:id/${action}`,
    params: idPath,
    response: { 200: answers.sent },
  }),
});
export type MailingCalls<P extends z.ZodMiniType = z.ZodMiniType, S extends z.ZodMiniType = z.ZodMiniType> = ReturnType<
  typeof mailingCalls<string, P, S>
>;
/** 'Inviter les exposants de 2024', on a past edition: its exhibitors are invited to the current one. */
export const INVITE_EXHIBITORS = mailingCalls('invite-exhibitors', {
  plan: participationPlanSchema,
  sent: participationSentSchema,
});
/** 'Inviter les abonnés à la newsletter', on the current edition. */
export const ANNOUNCE_EDITION = mailingCalls('announce', {
  plan: announcementPlanSchema,
  sent: announcementSentSchema,
});
