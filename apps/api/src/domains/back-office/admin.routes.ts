import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIENCES, only } from '../../plugins/auth';
import { adminRecordRoutes } from './records.routes';
import { adminDashboardRoutes } from './dashboard.routes';
import type { AdminDeps } from './deps';
import { adminDevicesRoutes } from './devices.routes';
import { adminAuditLogRoutes } from './audit-log.routes';
import { adminExhibitorAccountsRoutes } from './exhibitor-accounts.routes';
import { adminExhibitorPagesRoutes } from './exhibitor-pages.routes';
import { adminMailDashboardRoutes } from './mail-dashboard.routes';
import { adminPeopleRoutes } from '../personal-data/people.routes';
import { adminEditionRoutes } from './editions.routes';
import { adminStaffRoutes } from './staff.routes';
import { adminSalesRoutes } from './sales.routes';
import { adminParticipationRoutes } from '../editions/participation.routes';

export type { AdminDeps } from './deps';

/**
 * The organisers' back-office API, in the shape of react-admin's simple REST data provider:
 * lists answer an array with a Content-Range header, single records answer the record. Organisers
 * only (the hook below runs before every route of every part); every write is recorded in the
 * audit log with the record before and after, in the transaction of the change.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, options) => {
  // The parts are registered under this plugin's own prefix, not under it twice.
  const { prefix: _prefix, ...deps } = options as AdminDeps & { prefix?: string };
  // The whole back-office is the organisers': a declared call says so itself (route() checks its
  // audience), any other route is given the check here, before its own preHandlers.
  app.addHook('onRoute', (route) => {
    const declared = route.config?.audience;
    if (declared !== undefined && declared !== AUDIENCES.organisers.name) {
      throw new Error(`${route.url}: a back-office call is the organisers'.`);
    }
    if (declared === undefined) {
      route.preHandler = [...only(app, AUDIENCES.organisers).preHandler, ...[route.preHandler ?? []].flat()];
    }
    route.config = { ...route.config, audience: AUDIENCES.organisers.name };
  });
  await app.register(adminDashboardRoutes, deps);
  await app.register(adminDevicesRoutes, deps);
  await app.register(adminAuditLogRoutes, deps);
  await app.register(adminExhibitorAccountsRoutes, deps);
  await app.register(adminExhibitorPagesRoutes, deps);
  await app.register(adminStaffRoutes, deps);
  await app.register(adminRecordRoutes, deps);
  await app.register(adminEditionRoutes, deps);
  await app.register(adminPeopleRoutes, deps);
  await app.register(adminMailDashboardRoutes, deps);
  await app.register(adminParticipationRoutes, deps);
  await app.register(adminSalesRoutes, deps);
};
