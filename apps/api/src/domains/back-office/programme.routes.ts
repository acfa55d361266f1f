import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResource } from './record-resource';
import { conferenceRecords } from './conference-records.service';
import type { AdminDeps } from './deps';

/**
 * The forum's conferences, edition by edition (speakers are named in the descriptions: there is no
 * speaker record).
 */
export const adminConferenceRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  registerResource(app, { db }, { path: 'conferences', missing: 'Conférence introuvable.', ...conferenceRecords });
};
