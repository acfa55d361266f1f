import { partnerSchema } from '@salon/shared';
import { asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db } from '../../db/client';
import { partenaires, partenairesPresses } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { parseFormBody } from '../../lib/request-inputs';
import { booleanFilter, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { checkMediaRefs, withMedia } from './media-records';
import { nextPosition, resourceRecords } from './record-resource.service';

/** The partners' table and the press partners', by their path under /admin/. */
const PARTNER_TABLES = { partenaires, 'partenaires-presses': partenairesPresses };
export type PartnerPath = keyof typeof PARTNER_TABLES;

/** Partners or press partners, in their order. */
export const partnerRecords = (path: PartnerPath) => {
  const table = PARTNER_TABLES[path];
  return resourceRecords({
    table,
    id: table.id,
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
      if (Object.values(form).some((v) => v !== undefined)) await tx.update(table).set(form).where(eq(table.id, id));
    },
    async remove(tx, id) {
      await tx.delete(table).where(eq(table.id, id));
    },
  });
};

/**
 * Puts the partners in the order given: the listed ones first (positions 1, 2, …), then the
 * others in their current order, audited as `path`'s. The public strips follow the positions.
 */
export function reorderPartners(
  db: Db,
  { path, missing }: { path: PartnerPath; missing: string },
  userId: number,
  ids: number[],
) {
  const table = PARTNER_TABLES[path];
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
      userId,
      action: `POST /admin/${path}/reorder`,
      resource: path,
      recordId: ids.join(','),
      before: { order: current },
      after: { order: after },
    });
    const rows = await tx.select().from(table).orderBy(asc(table.position), asc(table.id));
    return withMedia(tx, rows, ['logoId'] as const);
  });
}
