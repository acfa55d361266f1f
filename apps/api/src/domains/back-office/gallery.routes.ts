import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResource } from './record-resource';
import { galleryRecords } from './gallery.service';
import type { AdminDeps } from './deps';

/** The photo gallery. */
export const adminGalleryRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  registerResource(app, { db }, { path: 'galeries', missing: 'Photo introuvable.', ...galleryRecords });
};
