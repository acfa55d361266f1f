import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS } from '../files/upload-request';
import { adminBannerRoutes } from './banners.routes';
import { adminConferenceRoutes } from './programme.routes';
import type { AdminDeps } from './deps';
import { adminGalleryRoutes } from './gallery.routes';
import { adminHallRoutes } from './halls.routes';
import { adminMediaRoutes } from './media.routes';
import { adminPartnerRoutes } from './partners.routes';
import { adminSingletonRoutes } from './singleton-records.routes';
import { adminStandRoutes } from './stands.routes';
import { adminTestimonialRoutes } from './testimonials.routes';

/** Uploads, and every record of the public pages: banners, partners, gallery, testimonials, forum, halls and their stands, show, agency. */
export const adminRecordRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  // Only this part reads multipart bodies; a file above the PDF limit is cut off while it arrives.
  // Its pieces are registered inside it, so that every content route reads the bodies it read.
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  await app.register(adminMediaRoutes, deps);
  await app.register(adminBannerRoutes, deps);
  await app.register(adminPartnerRoutes, deps);
  await app.register(adminGalleryRoutes, deps);
  await app.register(adminTestimonialRoutes, deps);
  await app.register(adminConferenceRoutes, deps);
  await app.register(adminHallRoutes, deps);
  await app.register(adminStandRoutes, deps);
  await app.register(adminSingletonRoutes, deps);
};
