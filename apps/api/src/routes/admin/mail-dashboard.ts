import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './deps';

export const adminMailDashboardRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {};
