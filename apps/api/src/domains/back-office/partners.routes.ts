import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { partenaires, partenairesPresses } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { parseFormBody } from '../../lib/query-params';
import { checkMediaRefs, withMedia } from './media-records';
import { partnerSchema, reorderSchema } from './content-forms';
import { nextPosition, registerResource } from './record-resource';
import type { AdminDeps } from './deps';
import { booleanFilter, searchFilter } from '../../lib/admin-list';

/** Partners and press partners, with their order. */
export const adminPartnerRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  const tags = ['admin'];

  for (const [path, table, missing] of [
    ['partenaires', partenaires, 'Partenaire introuvable.'],
    ['partenaires-presses', partenairesPresses, 'Partenaire presse introuvable.'],
  ] as const) {
    registerResource(
      app,
      { db },
      {
        path,
        table,
        id: table.id,
        missing,
        sortable: { id: table.id, position: table.position, name: table.name, actif: table.actif },
        defaultSort: [asc(table.position), asc(table.id)],
        filters: { q: searchFilter(table.name, table.url), actif: booleanFilter(table.actif, 'actif') },
        query: (dbOrTx) => dbOrTx.select().from(table).$dynamic(),
        present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['logoId'] as const),
        async create(tx, body) {
          const form = parseFormBody(partnerSchema, body);
          await checkMediaRefs(tx, [['logoId', form.logoId, 'image']]);
          const values = { ...form, position: form.position ?? (await nextPosition(tx, table.position, table)) };
          const [row] = await tx.insert(table).values(values).returning({ id: table.id });
          return row!.id;
        },
        async update(tx, id, body) {
          const form = parseFormBody(z.partial(partnerSchema), body);
          await checkMediaRefs(tx, [['logoId', form.logoId, 'image']]);
          if (Object.values(form).some((v) => v !== undefined))
            await tx.update(table).set(form).where(eq(table.id, id));
        },
        async remove(tx, id) {
          await tx.delete(table).where(eq(table.id, id));
        },
      },
    );

    /**
     * Puts the partners in the order given: the listed ones first (positions 1, 2, …), then the
     * others in their current order. The public strips follow the positions.
     */
    app.post(`/${path}/reorder`, { schema: { tags } }, async (request) => {
      const { ids } = parseFormBody(reorderSchema, request.body);
      return db.transaction(async (tx) => {
        const current = await tx
          .select({ id: table.id, name: table.name, position: table.position })
          .from(table)
          .orderBy(asc(table.position), asc(table.id));
        const known = new Set(current.map((p) => p.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length) throw badRequest(`${missing.replace(/\.$/, '')} : ${unknown.join(', ')}.`);
        const order = [...ids, ...current.map((p) => p.id).filter((id) => !ids.includes(id))];
        const before = new Map(current.map((p) => [p.id, p]));
        for (const [index, id] of order.entries()) {
          if (before.get(id)!.position !== index + 1) {
            await tx
              .update(table)
              .set({ position: index + 1 })
              .where(eq(table.id, id));
          }
        }
        const after = order.map((id, index) => ({ ...before.get(id)!, position: index + 1 }));
        await recordAudit(tx, {
          userId: currentUser(request).id,
          action: `POST /admin/${path}/reorder`,
          resource: path,
          recordId: ids.join(','),
          before: { order: current },
          after: { order: after },
        });
        const rows = await tx.select().from(table).orderBy(asc(table.position), asc(table.id));
        return withMedia(tx, rows, ['logoId'] as const);
      });
    });
  }
};
