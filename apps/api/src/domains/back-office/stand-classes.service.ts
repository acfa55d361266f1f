import { standClassSchema } from '@salon/shared';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Tx } from '../../db/client';
import { textsOf } from '../../db/multilingual';
import { standClasses, stands } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { parseFormBody } from '../../lib/request-inputs';
import { editionOfForm, nextPosition, resourceRecords } from './record-resource.service';

/** What the plan's stands are sold as ('Stand nu', 'Stand équipé'), edition by edition, priced per m². */

const standsOfClass = sql<number>`(select count(*)::int from stands s where s.class_id = "stand_classes"."id")`;

/** No two classes of an edition share a French name, case aside. */
async function checkName(tx: Tx, name: string, edition: number, id: number | null) {
  const [taken] = await tx
    .select({ id: standClasses.id })
    .from(standClasses)
    .where(
      and(
        eq(standClasses.eventId, edition),
        sql`lower(${standClasses.name} ->> 'fr') = lower(${name})`,
        id === null ? undefined : ne(standClasses.id, id),
      ),
    );
  if (taken)
    throw badRequest('Données invalides.', {
      errors: [{ path: ['body', 'name', 'fr'], message: 'Une catégorie de stand porte déjà ce nom.' }],
    });
}

export const standClassRecords = resourceRecords({
  table: standClasses,
  id: standClasses.id,
  edition: standClasses.eventId,
  sortable: { id: standClasses.id, position: standClasses.position, pricePerM2: standClasses.pricePerM2 },
  defaultSort: [asc(standClasses.position), asc(standClasses.id)],
  filters: {},
  query: (dbOrTx) =>
    dbOrTx
      .select({
        id: standClasses.id,
        edition: standClasses.eventId,
        name: standClasses.name,
        pricePerM2: standClasses.pricePerM2,
        position: standClasses.position,
        stands: standsOfClass,
      })
      .from(standClasses)
      .$dynamic(),
  present: (_, rows) => rows.map((r) => ({ ...r, name: textsOf(r.name) })),
  async create(tx, body) {
    const form = parseFormBody(standClassSchema, body);
    const edition = await editionOfForm(tx, body);
    await checkName(tx, form.name.fr, edition, null);
    const position =
      form.position ?? (await nextPosition(tx, standClasses.position, standClasses, eq(standClasses.eventId, edition)));
    const [row] = await tx
      .insert(standClasses)
      .values({ ...form, eventId: edition, position })
      .returning({ id: standClasses.id });
    return row!.id;
  },
  async update(tx, id, body, before) {
    const form = parseFormBody(z.partial(standClassSchema), body);
    if (form.name) await checkName(tx, form.name.fr, before.edition, id);
    if (Object.values(form).some((v) => v !== undefined))
      await tx.update(standClasses).set(form).where(eq(standClasses.id, id));
  },
  // A class its stands are sold as stays: the stands would no longer be for sale.
  async remove(tx, id) {
    const [used] = await tx.select({ n: count() }).from(stands).where(eq(stands.classId, id));
    if (used && used.n > 0)
      throw badRequest(`${used.n} stand(s) sont de cette catégorie : changez-les avant de la supprimer.`);
    await tx.delete(standClasses).where(eq(standClasses.id, id));
  },
});
