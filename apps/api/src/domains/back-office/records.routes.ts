import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS } from '../files/upload-request';
import { bannerRecords } from './banners.service';
import { conferenceRecords } from './conference-records.service';
import type { AdminDeps } from './deps';
import { galleryRecords } from './gallery.service';
import { hallRecords } from './halls.service';
import { adminMediaRoutes } from './media.routes';
import { adminPartnerRoutes } from './partners.routes';
import { registerResource } from './record-resource';
import { adminSingletonRoutes } from './singleton-records.routes';
import { adminStandRoutes } from './stands.routes';
import { testimonialRecords } from './testimonials.service';

/** Uploads, and every record of the public pages: banners, partners, gallery, testimonials, forum, halls and their stands, show, agency. */
export const adminRecordRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { db, directoryCache } = deps;
  // Only this part reads multipart bodies; a file above the PDF limit is cut off while it arrives.
  // Its pieces are registered inside it, so that every content route reads the bodies it read.
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  await app.register(adminMediaRoutes, deps);
  // The home page's banners, the gallery, the testimonials, the conferences and the halls are a
  // record resource and nothing more; the partners, the stands and the one-row records (show,
  // agency, site settings) are parts with routes of their own.
  registerResource(app, { db }, { path: 'bannieres', missing: 'Bannière introuvable.', ...bannerRecords });
  await app.register(adminPartnerRoutes, deps);
  registerResource(app, { db }, { path: 'galeries', missing: 'Photo introuvable.', ...galleryRecords });
  registerResource(app, { db }, { path: 'temoignages', missing: 'Témoignage introuvable.', ...testimonialRecords });
  // The forum's conferences, edition by edition (speakers are named in the descriptions: there is
  // no speaker record).
  registerResource(app, { db }, { path: 'conferences', missing: 'Conférence introuvable.', ...conferenceRecords });
  // Halls (the gates controllers work at; exhibitors have a hall and a stand), edition by edition.
  // Hall names show in the public directory, which keeps answers for a few seconds.
  registerResource(
    app,
    { db, onChange: () => directoryCache.clear() },
    { path: 'gates', missing: 'Hall introuvable.', ...hallRecords },
  );
  await app.register(adminStandRoutes, deps);
  await app.register(adminSingletonRoutes, deps);
};
