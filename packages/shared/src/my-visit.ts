import * as z from 'zod/mini';
import { idField, idText } from './ids';

/**
 * 'Ma visite': the exhibitors and conferences a visitor keeps to see. Without an account it lives
 * on the device, in a cookie the server reads too (so the plan marks the stands, and the buttons
 * work, before and without the scripts); a registered visitor can keep it with their badge.
 */
export interface Visit {
  exhibitors: number[];
  conferences: number[];
}

export const VISIT_KINDS = ['exhibitors', 'conferences'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** The cookie's name; its value is `e1.2.3_c4.5`, small enough for a cookie at the limit. */
export const VISIT_COOKIE = 'ma_visite';

/** Exhibitors, and conferences, one list holds at most. */
export const VISIT_LIMIT = 100;

const PREFIX: Record<VisitKind, string> = { exhibitors: 'e', conferences: 'c' };

const ids = z.array(idField()).check(z.maxLength(VISIT_LIMIT));

/** A list as the badge keeps it: the same bounds as the cookie's. */
export const visitSchema = z.strictObject({ exhibitors: ids, conferences: ids });

export const emptyVisit = (): Visit => ({ exhibitors: [], conferences: [] });

/** The ids of a text like `1.2.3`: numbers only, once each, the first VISIT_LIMIT. */
function idsOf(text: string): number[] {
  const seen = new Set<number>();
  for (const part of text.split('.')) {
    const id = /^\d{1,9}$/.test(part) ? Number(part) : 0;
    if (id > 0) seen.add(id);
    if (seen.size === VISIT_LIMIT) break;
  }
  return [...seen];
}

/** The list in a cookie's value; anything else in it is left out, never an error. */
export function parseVisit(value: string | null | undefined): Visit {
  const visit = emptyVisit();
  for (const part of (value ?? '').split('_')) {
    const kind = VISIT_KINDS.find((k) => part.startsWith(PREFIX[k]));
    if (kind && visit[kind].length === 0) visit[kind] = idsOf(part.slice(1));
  }
  return visit;
}

export function formatVisit(visit: Visit): string {
  return VISIT_KINDS.filter((k) => visit[k].length)
    .map((k) => `${PREFIX[k]}${visit[k].slice(0, VISIT_LIMIT).join('.')}`)
    .join('_');
}

/** The list with `id` added (at the end) or taken out. */
export function withVisit(visit: Visit, kind: VisitKind, id: number, keep: boolean): Visit {
  const rest = visit[kind].filter((x) => x !== id);
  return { ...visit, [kind]: keep ? [...rest, id].slice(-VISIT_LIMIT) : rest };
}

/** Two lists as one: the first's order, then what only the second holds. */
export function mergeVisits(a: Visit, b: Visit): Visit {
  const merge = (x: number[], y: number[]) => [...new Set([...x, ...y])].slice(0, VISIT_LIMIT);
  return { exhibitors: merge(a.exhibitors, b.exhibitors), conferences: merge(a.conferences, b.conferences) };
}

export const visitSize = (visit: Visit) => visit.exhibitors.length + visit.conferences.length;

/**
 * `POST visit`, from a button's form (which works without scripts) or from the script: add or take
 * out one exhibitor or conference, empty the list, keep the device's list with a badge (the badge's
 * is replaced), or take the badge's list onto the device (added to what it holds). `back` is the
 * page to go back to after a form's post.
 */
const back = z.optional(z.string().check(z.maxLength(2000)));
const oneOf = <Op extends string>(op: Op) =>
  z.strictObject({
    op: z.literal(op),
    kind: z.enum(VISIT_KINDS),
    id: idText(),
    back,
  });
const withBadge = <Op extends string>(op: Op) =>
  z.strictObject({ op: z.literal(op), token: z.string().check(z.minLength(1), z.maxLength(2000)), back });
export const visitActionSchema = z.discriminatedUnion('op', [
  oneOf('add'),
  oneOf('remove'),
  z.strictObject({ op: z.literal('clear'), back }),
  withBadge('keep'),
  withBadge('take'),
]);
export type VisitAction = z.output<typeof visitActionSchema>;
