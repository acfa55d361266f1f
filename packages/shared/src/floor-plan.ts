import type { floorPlanSchema } from './contracts/content';
import * as z from 'zod/mini';
import { FEATURE_KINDS, type FeatureKind } from './constants';
import { DEFAULT_LANGUAGE, inEveryLanguage, pick, type Language, type Texts } from './language';
import { sharedTexts, type SharedTexts } from './texts/index';
import { requiredText } from './schemas';

/**
 * The floor plan's layout: each hall an outline (width × height) and each stand a rectangle
 * (x, y from the hall's top left corner, width, height), all whole numbers in the hall's own
 * units. The back-office's stand form and CSV import, and the API behind them, check with these.
 */

/** The largest coordinate or size accepted, in a hall's units. */
export const PLAN_MAX = 100_000;
/** A CSV import: at most this many lines and characters. */
export const STAND_CSV_MAX_LINES = 5_000;
export const STAND_CSV_MAX_CHARS = 500_000;

/** A stand's number as visitors read it ('B-14'): letters, digits, and . - / between them. */
export const STAND_NUMBER = /^[\p{L}\p{N}]+(?:[ ./-][\p{L}\p{N}]+)*$/u;

const coordinate = (min: number) =>
  z.int({ error: 'wholeNumber' }).check(z.gte(min, { error: 'wholeNumber' }), z.lte(PLAN_MAX, { error: 'tooLarge' }));

export const standNumberField = requiredText(20).check(z.regex(STAND_NUMBER, { error: 'standNumber' }));

/** One stand, as the back-office creates or changes it. */
export const standSchema = z.object({
  gateId: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
  number: standNumberField,
  x: coordinate(0),
  y: coordinate(0),
  width: coordinate(1),
  height: coordinate(1),
  /** Sold online as this class (of its edition), counted on this area in m²; neither: not for sale. */
  classId: z.optional(z.nullable(z.int({ error: 'required' }).check(z.positive({ error: 'required' })))),
  area: z.optional(
    z.nullable(
      z.int({ error: 'wholeNumber' }).check(z.gte(1, { error: 'wholeNumber' }), z.lte(PLAN_MAX, { error: 'tooLarge' })),
    ),
  ),
  corner: z.optional(z.boolean()),
});
export type StandForm = z.infer<typeof standSchema>;

/** A hall's outline on the plan: both sides, or neither (a hall without one is not drawn). */
export const hallOutlineFields = {
  planWidth: z.optional(z.nullable(coordinate(1))),
  planHeight: z.optional(z.nullable(coordinate(1))),
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Two rectangles share some area (touching edges do not). */
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Why a line of a layout is refused: a message key of STAND_LINE_MESSAGES and its values. */
export interface StandLineError {
  /** 1-based line of the CSV file; 0 for a stand edited alone. */
  line: number;
  key: keyof SharedTexts['standLineMessages'];
  values?: Record<string, string | number>;
}

export const STAND_LINE_MESSAGES: Texts<SharedTexts['standLineMessages']> = inEveryLanguage(
  (lang) => sharedTexts(lang).standLineMessages,
);

/** Each kind of feature as the messages name it. */
export const FEATURE_NAMES: Texts<Record<FeatureKind, string>> = inEveryLanguage(
  (lang) => sharedTexts(lang).featureNames,
);

/** The message of a line's error, in the language asked for, its line first when it has one. */
export function standLineMessage(error: StandLineError, lang: Language = DEFAULT_LANGUAGE): string {
  let text: string = pick(lang, STAND_LINE_MESSAGES)[error.key];
  for (const [name, value] of Object.entries(error.values ?? {})) {
    // A feature's kind is named in the message's language.
    const shown = name === 'kind' || name === 'otherKind' ? pick(lang, FEATURE_NAMES)[value as FeatureKind] : value;
    text = text.replaceAll(`{${name}}`, String(shown ?? value));
  }
  if (error.line === 0) return text;
  return sharedTexts(lang).standLine(error.line, text);
}

/** A stand line of the CSV, read but not yet checked against the halls. */
export interface StandLine extends Box {
  line: number;
  hall: string;
  number: string;
}

/** A line of another kind than stand: an entrance, an aisle, a service or the forum's room. */
export interface FeatureLine extends Box {
  line: number;
  hall: string;
  kind: FeatureKind;
  label: string | null;
}

const HEADERS = [
  ['hall', 'stand', 'x', 'y', 'width', 'height', 'type', 'label'],
  ['hall', 'stand', 'x', 'y', 'largeur', 'profondeur', 'type', 'libellé'],
];
const isHeader = (names: string[]) =>
  names.length >= 6 && names.every((n, j) => HEADERS.some((h) => h[j] === n) || (j === 7 && n === 'libelle'));

/** The type column's words, French ones too ('allée', 'secours'); '' is a stand. */
const KIND_WORDS: Record<string, FeatureKind | 'stand'> = {
  '': 'stand',
  stand: 'stand',
  ...Object.fromEntries(FEATURE_KINDS.map((k) => [k, k])),
  entree: 'entrance',
  allee: 'aisle',
  accueil: 'reception',
  toilettes: 'toilets',
  sanitaires: 'toilets',
  secours: 'first-aid',
  'premiers secours': 'first-aid',
};
const kindOf = (text: string) => KIND_WORDS[text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()];

/** The cells of one line: separated by `sep`, each maybe in double quotes ("" for a quote). */
function cells(line: string, sep: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === sep) {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** A layout file read: its stands, its features, and whether it has the type column at all. */
export interface LayoutCsv {
  lines: StandLine[];
  features: FeatureLine[];
  /** The file's header names the type column: it lays out the halls' features too. */
  withKinds: boolean;
  errors: StandLineError[];
}

/**
 * Reads a layout CSV: `hall, stand, x, y, width, height`, one stand a line, a header line or not,
 * and `type, label` when its header names them: a line whose type is not `stand` (or empty) is a
 * feature, its label the label column or else the stand column. Separated by commas, semicolons (a French
 * spreadsheet's export) or tabs, as the first line is.
 */
export function parseStandCsv(text: string): LayoutCsv {
  const errors: StandLineError[] = [];
  const none = { lines: [], features: [], withKinds: false };
  if (text.length > STAND_CSV_MAX_CHARS) {
    return { ...none, errors: [{ line: 0, key: 'tooLong', values: { max: STAND_CSV_MAX_CHARS } }] };
  }
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (rows.length > STAND_CSV_MAX_LINES + 1) {
    return { ...none, errors: [{ line: 0, key: 'tooManyLines', values: { max: STAND_CSV_MAX_LINES } }] };
  }
  const first = rows.find((r) => r.trim() !== '') ?? '';
  const sep = first.includes(';') ? ';' : first.includes('\t') ? '\t' : ',';
  const lines: StandLine[] = [];
  const features: FeatureLine[] = [];
  let headerSeen = false;
  // The type and label columns are the header's: a file without them is read as it always was.
  let most = 6;
  rows.forEach((row, i) => {
    const line = i + 1;
    if (row.trim() === '') return;
    const c = cells(row, sep);
    if (!headerSeen) {
      headerSeen = true;
      const names = c.map((v) => v.toLowerCase());
      if (isHeader(names)) {
        most = names.length;
        return;
      }
    }
    if (c.length < 6 || c.length > most) {
      const key = most > 6 ? 'columnsKind' : 'columns';
      errors.push({ line, key, values: { found: c.length } });
      return;
    }
    const [hall, number, x, y, w, h, type = '', label = ''] = c as [string, string, string, string, string, string];
    const numbers = [x, y, w, h];
    const before = errors.length;
    const kind = kindOf(type);
    if (!hall) errors.push({ line, key: 'hallMissing' });
    if (!kind) errors.push({ line, key: 'featureKind', values: { value: type } });
    else if (kind !== 'stand') {
      if ((label || number).length > 60) errors.push({ line, key: 'labelLong' });
    } else if (number.length > 20) errors.push({ line, key: 'standLong' });
    else if (!STAND_NUMBER.test(number)) errors.push({ line, key: 'standNumber', values: { value: number } });
    const values = numbers.map((value, j) => {
      const column = ['x', 'y', 'width', 'height'][j]!;
      const min = j < 2 ? 0 : 1;
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(n >= min)) errors.push({ line, key: 'wholeNumber', values: { column, min, value } });
      else if (n > PLAN_MAX) errors.push({ line, key: 'tooLarge', values: { column, max: PLAN_MAX } });
      return n;
    });
    if (errors.length > before) return;
    const box = { x: values[0]!, y: values[1]!, width: values[2]!, height: values[3]! };
    if (kind === 'stand') lines.push({ line, hall, number, ...box });
    else features.push({ line, hall, kind: kind!, label: label || number || null, ...box });
  });
  if (!lines.length && !features.length && !errors.length) errors.push({ line: 0, key: 'empty' });
  return { lines, features, withKinds: most > 6, errors };
}

export interface PlanHall {
  id: number;
  name: string;
  planWidth: number | null;
  planHeight: number | null;
}

/** A stand already on the plan, as the checks need it. */
export interface PlacedStand extends Box {
  id?: number;
  gateId: number;
  number: string;
  line?: number;
}

const key = (number: string) => number.toLowerCase();

/**
 * Checks stands against their halls and each other: the hall known and with an outline, the stand
 * inside it, its number used once in the edition, no two stands of a hall overlapping. `kept` are
 * the stands that stay as they are (another hall's, or the rest of the hall of a stand edited);
 * `stands` are the new ones, each with its hall's id (or null when its name matched none).
 * `features` are the halls' features the stands must leave room for (plan-features.ts).
 */
export function layoutErrors(
  stands: (Omit<PlacedStand, 'gateId'> & { gateId: number | null; hallName?: string })[],
  halls: PlanHall[],
  kept: PlacedStand[],
  features: (Box & { gateId: number; kind: FeatureKind })[] = [],
): StandLineError[] {
  const errors: StandLineError[] = [];
  const hallById = new Map(halls.map((h) => [h.id, h]));
  const numbers = new Map<string, { line?: number; gateId: number }>();
  for (const s of kept) numbers.set(key(s.number), { gateId: s.gateId });
  const placed = new Map<number, PlacedStand[]>();
  const inHall = (gateId: number) => {
    let list = placed.get(gateId);
    if (!list) placed.set(gateId, (list = []));
    return list;
  };
  for (const s of kept) inHall(s.gateId).push(s);
  for (const s of stands) {
    const line = s.line ?? 0;
    const hall = s.gateId === null ? undefined : hallById.get(s.gateId);
    if (!hall) {
      errors.push({
        line,
        key: 'unknownHall',
        values: { hall: s.hallName ?? String(s.gateId), halls: halls.map((h) => h.name).join(', ') },
      });
      continue;
    }
    const same = numbers.get(key(s.number));
    if (same) {
      if (same.line !== undefined)
        errors.push({ line, key: 'duplicate', values: { number: s.number, other: same.line } });
      else {
        const where = hallById.get(same.gateId)?.name ?? '';
        errors.push({ line, key: 'taken', values: { number: s.number, hall: where } });
      }
      continue;
    }
    numbers.set(key(s.number), { line, gateId: hall.id });
    if (hall.planWidth === null || hall.planHeight === null) {
      errors.push({ line, key: 'noOutline', values: { hall: hall.name } });
      continue;
    }
    if (s.x + s.width > hall.planWidth || s.y + s.height > hall.planHeight) {
      errors.push({
        line,
        key: 'outside',
        values: { number: s.number, hall: hall.name, width: hall.planWidth, height: hall.planHeight },
      });
      continue;
    }
    const others = inHall(hall.id);
    const hit = others.find((o) => overlaps(o, s));
    if (hit) {
      errors.push(
        hit.line === undefined
          ? { line, key: 'overlapKept', values: { number: s.number, other: hit.number } }
          : { line, key: 'overlap', values: { number: s.number, other: hit.number, otherLine: hit.line } },
      );
      continue;
    }
    const on = features.find((f) => f.gateId === hall.id && overlaps(f, s));
    if (on) {
      errors.push({ line, key: 'standOnFeature', values: { number: s.number, kind: on.kind } });
      continue;
    }
    others.push({ ...s, gateId: hall.id });
  }
  return errors;
}

/** A stand as the public plan shows it: where it is, and the companies that hold it (none: free). */
export type PlanHallLayout = z.output<typeof floorPlanSchema>['data']['halls'][number];
export type PlanStand = PlanHallLayout['stands'][number];

/** A layout CSV sent to the back-office: previewed, or imported with `commit`. */
export const standImportSchema = z.object({
  csv: z.string({ error: 'required' }).check(z.maxLength(STAND_CSV_MAX_CHARS)),
  /** The edition whose layout the file is (its id); the current one when not given. */
  edition: z.optional(z.nullable(z.number())),
  /** false (the default): only the preview. */
  commit: z.optional(z.boolean()),
});
