import { FEATURE_NAMES, hallSchema } from '@salon/shared';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Tx } from '../../db/client';
import { checkins, halls, planFeatures, registrations, stands } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { definedFields, parseFormBody } from '../../lib/request-inputs';
import { searchFilter } from '../../lib/admin-list';
import { editionOfForm, nextPosition, resourceRecords } from './record-resource.service';

const exhibitorsIn = sql<number>`(select count(*)::int from registrations r
  where r.gate_id = "gates"."id" and r.type = 'exhibitor')`;
const standsIn = sql<number>`(select count(*)::int from stands s where s.gate_id = "gates"."id")`;
/** The outline has both sides or none, and still holds every stand of the hall. */
async function checkOutline(
  tx: Tx,
  outline: { planWidth?: number | null; planHeight?: number | null },
  id: number | null,
) {
  const width = outline.planWidth ?? null;
  const height = outline.planHeight ?? null;
  if ((width === null) !== (height === null)) {
    throw badRequest('Données invalides.', {
      errors: [
        {
          path: ['body', width === null ? 'planWidth' : 'planHeight'],
          message: 'Renseignez la largeur et la profondeur, ou aucune des deux.',
        },
      ],
    });
  }
  if (id === null) return;
  const [outside] = await tx
    .select({ number: stands.number })
    .from(stands)
    .where(
      and(
        eq(stands.gateId, id),
        width === null || height === null
          ? undefined
          : sql`(${stands.x} + ${stands.width} > ${width} or ${stands.y} + ${stands.height} > ${height})`,
      ),
    )
    .limit(1);
  // The features (entrances, aisles, services) stay inside the hall too.
  const [feature] = outside
    ? []
    : await tx
        .select({ kind: planFeatures.kind })
        .from(planFeatures)
        .where(
          and(
            eq(planFeatures.gateId, id),
            width === null || height === null
              ? undefined
              : sql`(${planFeatures.x} + ${planFeatures.width} > ${width} or ${planFeatures.y} + ${planFeatures.height} > ${height})`,
          ),
        )
        .limit(1);
  if (outside || feature) {
    const what = outside ? `Le stand ${outside.number}` : `L’élément « ${FEATURE_NAMES.fr[feature!.kind]} »`;
    const message =
      width === null
        ? 'Ce hall a des stands sur le plan : il garde ses dimensions tant qu’ils y sont.'
        : `${what} dépasserait du hall : déplacez-le avant de réduire le hall.`;
    throw badRequest('Données invalides.', { errors: [{ path: ['body', 'planWidth'], message }] });
  }
}
/** No two halls of an edition share a name, case aside. */
async function checkHallName(tx: Tx, name: string, edition: number, id: number | null) {
  const [taken] = await tx
    .select({ id: halls.id })
    .from(halls)
    .where(
      and(
        eq(halls.eventId, edition),
        sql`lower(${halls.name}) = lower(${name})`,
        id === null ? undefined : ne(halls.id, id),
      ),
    );
  if (taken) {
    throw badRequest('Données invalides.', {
      errors: [{ path: ['body', 'name'], message: 'Un hall porte déjà ce nom.' }],
    });
  }
}

/** Halls (the gates controllers work at; exhibitors have a hall and a stand), edition by edition. */
export const hallRecords = resourceRecords({
  table: halls,
  id: halls.id,
  edition: halls.eventId,
  sortable: { id: halls.id, position: halls.position, name: halls.name },
  defaultSort: [asc(halls.position), asc(halls.id)],
  filters: { q: searchFilter(halls.name) },
  query: (dbOrTx) =>
    dbOrTx
      .select({
        id: halls.id,
        edition: halls.eventId,
        name: halls.name,
        position: halls.position,
        planWidth: halls.planWidth,
        planHeight: halls.planHeight,
        exhibitors: exhibitorsIn,
        stands: standsIn,
      })
      .from(halls)
      .$dynamic(),
  present: (_, rows) => rows,
  async create(tx, body) {
    const form = parseFormBody(hallSchema, body);
    const edition = await editionOfForm(tx, body);
    await checkHallName(tx, form.name, edition, null);
    await checkOutline(tx, form, null);
    const values = {
      ...form,
      eventId: edition,
      position: form.position ?? (await nextPosition(tx, halls.position, halls, eq(halls.eventId, edition))),
    };
    const [row] = await tx.insert(halls).values(values).returning({ id: halls.id });
    return row!.id;
  },
  async update(tx, id, body, before) {
    const form = parseFormBody(z.partial(hallSchema), body);
    if (form.name !== undefined) await checkHallName(tx, form.name, before.edition, id);
    if (form.planWidth !== undefined || form.planHeight !== undefined) {
      // Locked, so that no stand is placed by its old outline while it changes.
      await tx.select({ id: halls.id }).from(halls).where(eq(halls.id, id)).for('update');
      await checkOutline(tx, { ...before, ...definedFields(form) }, id);
    }
    if (Object.values(form).some((v) => v !== undefined)) await tx.update(halls).set(form).where(eq(halls.id, id));
  },
  // The hall's stands go with it (the plan no longer draws it).
  async remove(tx, id) {
    const [people] = await tx.select({ n: count() }).from(registrations).where(eq(registrations.gateId, id));
    if (people && people.n > 0) {
      throw badRequest(
        `Ce hall a ${people.n} exposant(s) ou collaborateur(s) : changez-les de hall avant de le supprimer.`,
      );
    }
    const [entries] = await tx.select({ n: count() }).from(checkins).where(eq(checkins.gateId, id));
    if (entries && entries.n > 0) {
      throw badRequest('Des entrées ont été enregistrées à ce hall : il ne peut pas être supprimé.');
    }
    await tx.delete(halls).where(eq(halls.id, id));
  },
});
