import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './deps';

export const adminContentRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {};
