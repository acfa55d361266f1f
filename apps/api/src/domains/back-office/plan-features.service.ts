import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { featureErrors, featureSchema, type FeatureForm, type FeatureLine } from '@salon/shared';
import type { Tx } from '../../db/client';
import { halls, planFeatures } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { searchFilter } from '../../lib/admin-list';
import { definedFields, formInput, isRecord, parseFormBody } from '../../lib/request-inputs';
import { currentEditionId } from '../show/current-edition';
import { resourceRecords } from './record-resource.service';
import { placedStands, planHalls, refused } from './stands.service';
import { planFeatureColumns } from '../floor-plan/floor-plan.service';

/**
 * The plan's features (entrances, aisles, services, the forum's room), edited one by one like
 * stands: each write checked against its hall, the hall's stands and its other features
 * (packages/shared/src/plan-features.ts), and audited. A feature belongs to its hall's edition.
 */

/** An edition's features as the checks read them. */
export const placedFeatures = (tx: Tx, edition: number, where?: SQL) =>
  tx
    .select(planFeatureColumns)
    .from(planFeatures)
    .where(and(eq(planFeatures.eventId, edition), where))
    .orderBy(asc(planFeatures.id));

/** The features of the halls `gateIds` replaced by a layout file's. */
export async function replaceFeatures(
  tx: Tx,
  edition: number,
  gateIds: number[],
  features: (FeatureLine & { gateId: number | null })[],
) {
  await tx.delete(planFeatures).where(and(eq(planFeatures.eventId, edition), inArray(planFeatures.gateId, gateIds)));
  if (!features.length) return;
  await tx.insert(planFeatures).values(
    features.map(({ kind, label, x, y, width, height, gateId }) => ({
      eventId: edition,
      gateId: gateId!,
      kind,
      label,
      x,
      y,
      width,
      height,
    })),
  );
}

/** A feature edited alone: checked against its hall's stands and the rest of its features. */
async function checkFeature(tx: Tx, form: FeatureForm, edition: number, id: number | null) {
  const halls = await planHalls(tx, edition, true);
  const kept = await placedFeatures(tx, edition, id === null ? undefined : ne(planFeatures.id, id));
  const errors = featureErrors([form], halls, await placedStands(tx, edition), kept);
  if (errors.length) throw refused(errors);
}

/** The edition of the hall `gateId`, where a new feature goes (the current one when there is no such hall: the checks refuse it). */
async function editionOfHall(tx: Tx, gateId: number): Promise<number> {
  const [hall] = await tx.select({ edition: halls.eventId }).from(halls).where(eq(halls.id, gateId));
  return hall?.edition ?? (await currentEditionId(tx));
}

export const planFeatureRecords = resourceRecords({
  table: planFeatures,
  id: planFeatures.id,
  edition: planFeatures.eventId,
  sortable: {
    id: planFeatures.id,
    kind: planFeatures.kind,
    gateId: halls.position,
    x: planFeatures.x,
    y: planFeatures.y,
  },
  defaultSort: [asc(halls.position), asc(planFeatures.id)],
  filters: {
    q: searchFilter(planFeatures.label),
    gateId: (value) => {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest('Filtre gateId : un identifiant.');
      return eq(planFeatures.gateId, value);
    },
  },
  query: (dbOrTx) =>
    dbOrTx
      .select({
        id: planFeatures.id,
        edition: planFeatures.eventId,
        hall: halls.name,
        ...planFeatureColumns,
      })
      .from(planFeatures)
      .innerJoin(halls, eq(halls.id, planFeatures.gateId))
      .$dynamic(),
  present: (_, rows) => rows,
  async create(tx, body) {
    const form = parseFormBody(featureSchema, body);
    const edition = await editionOfHall(tx, form.gateId);
    await checkFeature(tx, form, edition, null);
    const [row] = await tx
      .insert(planFeatures)
      .values({ ...form, eventId: edition })
      .returning({ id: planFeatures.id });
    return row!.id;
  },
  async update(tx, id, body, before) {
    // A move sends x and y alone: the rest stays as it was.
    const sent = formInput(body);
    const { gateId, kind, label, x, y, width, height } = before;
    const form = parseFormBody(featureSchema, {
      ...{ gateId, kind, label, x, y, width, height },
      ...(isRecord(sent) ? definedFields(sent) : {}),
    });
    await checkFeature(tx, form, before.edition, id);
    await tx.update(planFeatures).set(form).where(eq(planFeatures.id, id));
  },
  async remove(tx, id) {
    await tx.delete(planFeatures).where(eq(planFeatures.id, id));
  },
});
