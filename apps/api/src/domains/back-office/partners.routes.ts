import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postPartnersReorder, postPressPartnersReorder } from '@salon/shared';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { reorderPartners } from './partners.service';
import type { AdminDeps } from './deps';

/** The order of the partners and of the press partners. */
export const adminPartnerRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  for (const [c, path, missing] of [
    [postPartnersReorder, 'partenaires', 'Partenaire introuvable.'],
    [postPressPartnersReorder, 'partenaires-presses', 'Partenaire presse introuvable.'],
  ] as const) {
    /** The public strips follow the positions. */
    route(app, c, {}, async (request) =>
      reorderPartners(db, { path, missing }, currentUser(request).id, request.body.ids),
    );
  }
};
