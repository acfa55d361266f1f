import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './deps';

export const adminExhibitorsRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {};
