import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPartnerSchema, reorderSchema } from '@salon/shared';
import * as z from 'zod/mini';
import { currentUser } from '../../plugins/auth';
import { parseFormBody } from '../../lib/request-inputs';
import { registerResource } from './record-resource';
import { partnerRecords, reorderPartners } from './partners.service';
import type { AdminDeps } from './deps';

/** Partners and press partners, with their order. */
export const adminPartnerRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  const tags = ['admin'];

  for (const [path, missing] of [
    ['partenaires', 'Partenaire introuvable.'],
    ['partenaires-presses', 'Partenaire presse introuvable.'],
  ] as const) {
    registerResource(app, { db }, { path, missing, ...partnerRecords(path) });

    /**
     * Puts the partners in the order given: the listed ones first (positions 1, 2, …), then the
     * others in their current order. The public strips follow the positions.
     */
    app.post(
      `/${path}/reorder`,
      { schema: { tags, response: { 200: z.array(adminPartnerSchema) } } },
      async (request) => {
        const { ids } = parseFormBody(reorderSchema, request.body);
        return reorderPartners(db, { path, missing }, currentUser(request).id, ids);
      },
    );
  }
};
