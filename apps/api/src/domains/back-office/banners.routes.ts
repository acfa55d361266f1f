import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResource } from './record-resource';
import { bannerRecords } from './banners.service';
import type { AdminDeps } from './deps';

/** The home page's banners. */
export const adminBannerRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  registerResource(app, { db }, { path: 'bannieres', missing: 'Bannière introuvable.', ...bannerRecords });
};
