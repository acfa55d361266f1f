import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResource } from './record-resource';
import { testimonialRecords } from './testimonials.service';
import type { AdminDeps } from './deps';

/** The testimonials. */
export const adminTestimonialRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  registerResource(app, { db }, { path: 'temoignages', missing: 'Témoignage introuvable.', ...testimonialRecords });
};
