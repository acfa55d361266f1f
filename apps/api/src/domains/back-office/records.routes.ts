import multipart from '@fastify/multipart';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECORD_RESOURCES, type RecordResourceName } from '@salon/shared';
import { UPLOAD_LIMITS } from '../files/upload-request';
import { bannerRecords } from './banners.service';
import { conferenceRecords } from './conference-records.service';
import type { AdminDeps } from './deps';
import { editionRecords } from './editions.service';
import { galleryRecords } from './gallery.service';
import { hallRecords } from './halls.service';
import { adminMediaRoutes } from './media.routes';
import { adminPartnerRoutes } from './partners.routes';
import { partnerRecords } from './partners.service';
import { planFeatureRecords } from './plan-features.service';
import { registerResource, type ResourceRoutes } from './record-resource';
import { adminSingletonRoutes } from './singleton-records.routes';
import { adminStandRoutes } from './stands.routes';
import { standRecords } from './stands.service';
import { standClassRecords } from './stand-classes.service';
import { exhibitorServiceRecords } from './exhibitor-services.service';
import { testimonialRecords } from './testimonials.service';

const resource = <R extends { id: number }, Q extends PgSelect>(routes: ResourceRoutes<R, Q>) =>
  routes as unknown as ResourceRoutes<{ id: number }, PgSelect>;

/**
 * Every record resource of the back-office (packages/shared RECORD_RESOURCES) as the API keeps
 * it: its records, the 404's text, and the caches a change clears.
 */
export function resourceRoutes({ directoryCache, editionChanged }: AdminDeps): {
  [K in RecordResourceName]: ResourceRoutes<{ id: number }, PgSelect>;
} {
  // Hall names, stands and the plan's features show in the public directory and plan, kept a few seconds.
  const onChange = () => directoryCache.clear();
  return {
    bannieres: resource({ records: bannerRecords, missing: 'Bannière introuvable.' }),
    partenaires: resource({ records: partnerRecords('partenaires'), missing: 'Partenaire introuvable.' }),
    'partenaires-presses': resource({
      records: partnerRecords('partenaires-presses'),
      missing: 'Partenaire presse introuvable.',
    }),
    galeries: resource({ records: galleryRecords, missing: 'Photo introuvable.' }),
    temoignages: resource({ records: testimonialRecords, missing: 'Témoignage introuvable.' }),
    // The forum's conferences, edition by edition (speakers are named in the descriptions: there is
    // no speaker record).
    conferences: resource({ records: conferenceRecords, missing: 'Conférence introuvable.' }),
    gates: resource({ records: hallRecords, missing: 'Hall introuvable.', onChange }),
    stands: resource({ records: standRecords, missing: 'Stand introuvable.', onChange }),
    'stand-classes': resource({ records: standClassRecords, missing: 'Catégorie de stand introuvable.' }),
    'exhibitor-services': resource({ records: exhibitorServiceRecords, missing: 'Service introuvable.' }),
    'plan-features': resource({ records: planFeatureRecords, missing: 'Élément du plan introuvable.', onChange }),
    // The current edition's facts are in every page, badge and mail: read again on every instance.
    editions: resource({ records: editionRecords, missing: 'Édition introuvable.', onChange: editionChanged }),
  };
}

/** The record resources registered with the uploads (every one but the editions, which have routes of their own). */
const CONTENT_RESOURCES = Object.keys(RECORD_RESOURCES).filter((n) => n !== 'editions') as RecordResourceName[];

/** Uploads, and every record of the public pages: banners, partners, gallery, testimonials, forum, halls and their stands, show, agency. */
export const adminRecordRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  // Only this part reads multipart bodies; a file above the PDF limit is cut off while it arrives.
  // Its pieces are registered inside it, so that every content route reads the bodies it read.
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  await app.register(adminMediaRoutes, deps);
  const routes = resourceRoutes(deps);
  for (const name of CONTENT_RESOURCES) registerResource(app, deps.db, RECORD_RESOURCES[name], routes[name]);
  await app.register(adminPartnerRoutes, deps);
  await app.register(adminStandRoutes, deps);
  await app.register(adminSingletonRoutes, deps);
};
