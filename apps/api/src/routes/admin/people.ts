import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './deps';

export const adminPeopleRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {};
