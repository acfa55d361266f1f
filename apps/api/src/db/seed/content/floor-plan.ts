import { FORUM_STAND } from '@salon/shared';

/**
 * The demo's floor plan: every hall 60 × 40 (metres), with four rows of six stands of 6 × 4, two
 * rows back to back on each side of the central aisle. Stands are numbered from the entrance,
 * 'A-01' to 'A-24': the demo's exhibitors hold the even numbers (demo.ts), the odd ones are free.
 * The forum's room is in Hall A.
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
