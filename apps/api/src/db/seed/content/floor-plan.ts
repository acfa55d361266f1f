import { FORUM_STAND, type FeatureKind } from '@salon/shared';

/**
 * The demo's floor plan: every hall 60 × 40 (metres), with four rows of six stands of 6 × 4, two
 * rows back to back on each side of the central aisle. Stands are numbered from the entrance,
 * 'A-01' to 'A-24': the demo's exhibitors hold the even numbers (demo.ts), the odd ones are free.
 * The forum's room is in Hall A, the workshops' room in Hall B; every hall has its entrances,
 * aisles and services (demoFeatures), where no stand is.
 */
export const DEMO_HALL_OUTLINE = { planWidth: 60, planHeight: 40 };

/** The forum's room, in the first hall's central aisle. */
export const DEMO_FORUM_ROOM = { number: FORUM_STAND, x: 18, y: 16, width: 24, height: 8 };

export function demoStands(letter: string) {
  const rows = [5, 9, 27, 31];
  return rows.flatMap((y, row) =>
    Array.from({ length: 6 }, (_, col) => ({
      number: `${letter}-${String(row * 6 + col + 1).padStart(2, '0')}`,
      x: 6 + col * 8,
      y,
      width: 6,
      height: 4,
    })),
  );
}

type DemoFeature = { kind: FeatureKind; label?: string; x: number; y: number; width: number; height: number };

/**
 * A hall's entrances (in the middle of the front and back walls), its services along the side
 * walls, and in halls A to C its central aisle (split around the forum's room in Hall A). Halls D
 * and E leave theirs undrawn: the demo's organiser moves stands into them (e2e/tests/floor-plan.spec.ts).
 */
export function demoFeatures(letter: string): DemoFeature[] {
  const aisles: DemoFeature[] =
    letter === 'A'
      ? [
          { kind: 'aisle', x: 0, y: 13, width: 60, height: 3 },
          { kind: 'aisle', x: 0, y: 24, width: 60, height: 3 },
        ]
      : ['B', 'C'].includes(letter)
        ? [{ kind: 'aisle', x: 0, y: 13, width: 60, height: 14 }]
        : [];
  return [
    ...aisles,
    { kind: 'entrance', label: 'Entrée principale', x: 26, y: 0, width: 8, height: 2 },
    { kind: 'entrance', x: 26, y: 38, width: 8, height: 2 },
    { kind: 'reception', x: 35, y: 0, width: 5, height: 3 },
    { kind: 'toilets', x: 54, y: 16, width: 5, height: 8 },
    { kind: 'cafe', x: 1, y: 16, width: 4, height: 8 },
    { kind: 'first-aid', x: 54, y: 1, width: 5, height: 3 },
    ...(letter === 'B'
      ? [{ kind: 'forum' as const, label: 'Salle des ateliers', x: 18, y: 16, width: 24, height: 8 }]
      : []),
  ];
}
