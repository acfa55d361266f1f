import * as z from 'zod/mini';
import { FEATURE_KINDS, type FeatureKind } from './constants';
import { PLAN_MAX, overlaps, type Box, type PlacedStand, type PlanHall, type StandLineError } from './floor-plan';

/**
 * A hall's features: what its plan shows besides stands. An entrance, an aisle, a service
 * (reception, toilets, café, first aid) or the forum's room, each a rectangle in the hall's units
 * with an optional label (the forum's room name). The rules, checked by the API and the editor:
 *
 * - a feature lies inside its hall, which has a size;
 * - no feature shares area with a stand: an aisle is where stands are not, and a service stands
 *   in an aisle or along a wall, never on a stand;
 * - aisles may cross each other, and anything may sit on an aisle; two features that are not
 *   aisles share no area (touching edges do not count).
 */

const coordinate = (min: number) =>
  z.int({ error: 'wholeNumber' }).check(z.gte(min, { error: 'wholeNumber' }), z.lte(PLAN_MAX, { error: 'tooLarge' }));

/** At most this many characters in a feature's label. */
export const FEATURE_LABEL_MAX = 60;

/** One feature, as the back-office creates or changes it. */
export const featureSchema = z.object({
  gateId: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
  kind: z.enum(FEATURE_KINDS, { error: 'featureKind' }),
  label: z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(FEATURE_LABEL_MAX, { error: 'labelLong' })))),
    z.transform((v) => v || null),
  ),
  x: coordinate(0),
  y: coordinate(0),
  width: coordinate(1),
  height: coordinate(1),
});
export type FeatureForm = z.infer<typeof featureSchema>;

/** A feature already on the plan, as the checks need it. */
export interface PlacedFeature extends Box {
  id?: number;
  gateId: number;
  kind: FeatureKind;
  line?: number;
}

/**
 * Checks new features against their halls, the halls' stands and the features kept as they are.
 * `features` each carry their hall's id (null when the file's hall name matched none).
 */
export function featureErrors(
  features: (Omit<PlacedFeature, 'gateId'> & { gateId: number | null; hallName?: string })[],
  halls: PlanHall[],
  stands: PlacedStand[],
  kept: PlacedFeature[],
): StandLineError[] {
  const errors: StandLineError[] = [];
  const hallById = new Map(halls.map((h) => [h.id, h]));
  const placed = [...kept];
  for (const f of features) {
    const line = f.line ?? 0;
    const hall = f.gateId === null ? undefined : hallById.get(f.gateId);
    if (!hall) {
      const names = halls.map((h) => h.name).join(', ');
      errors.push({ line, key: 'unknownHall', values: { hall: f.hallName ?? String(f.gateId), halls: names } });
      continue;
    }
    if (hall.planWidth === null || hall.planHeight === null) {
      errors.push({ line, key: 'noOutline', values: { hall: hall.name } });
      continue;
    }
    const values = { kind: f.kind, hall: hall.name, width: hall.planWidth, height: hall.planHeight };
    if (f.x + f.width > hall.planWidth || f.y + f.height > hall.planHeight) {
      errors.push({ line, key: 'featureOutside', values });
      continue;
    }
    const stand = stands.find((s) => s.gateId === hall.id && overlaps(s, f));
    if (stand) {
      errors.push({ line, key: 'featureOnStand', values: { kind: f.kind, number: stand.number } });
      continue;
    }
    const hit =
      f.kind === 'aisle' ? undefined : placed.find((o) => o.gateId === hall.id && o.kind !== 'aisle' && overlaps(o, f));
    if (hit) {
      errors.push(
        hit.line === undefined
          ? { line, key: 'featureOverlapKept', values: { kind: f.kind, otherKind: hit.kind } }
          : { line, key: 'featureOverlap', values: { kind: f.kind, otherKind: hit.kind, otherLine: hit.line } },
      );
      continue;
    }
    placed.push({ ...f, gateId: hall.id });
  }
  return errors;
}
