import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod/mini';
import {
  featureErrors,
  layoutErrors,
  parseStandCsv,
  standLineMessage,
  standSchema,
  type PlacedFeature,
  type PlanHall,
  type StandLineError,
} from '@salon/shared';
import type { Tx, Db } from '../../db/client';
import { halls, registrations, standClasses, stands, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { definedFields, formInput, isRecord, parseFormBody } from '../../lib/request-inputs';
import { searchFilter } from '../../lib/admin-list';
import { exhibitorOf } from '../directory/directory.service';
import { onStand } from '../floor-plan/floor-plan.service';
import { recordAudit } from '../audit/audit.service';
import { currentEditionId, editionById } from '../show/current-edition';
import { editionOfForm, resourceRecords } from './record-resource.service';
import { placedFeatures, replaceFeatures } from './plan-features.service';

/**
 * The floor plan's stands: each one edited by hand (moved, resized, renumbered), or a hall's whole
 * layout replaced by a CSV file, previewed first. Every write is audited, and refused whole when a
 * stand would leave its hall, overlap another or repeat a number. Each edition has its own
 * layout: a stand belongs to its hall's edition.
 */

/** The halls of an edition, locked until the transaction ends when a layout is being written. */
export async function planHalls(tx: Tx, edition: number, lock: boolean): Promise<PlanHall[]> {
  const query = tx
    .select({ id: halls.id, name: halls.name, planWidth: halls.planWidth, planHeight: halls.planHeight })
    .from(halls)
    .where(eq(halls.eventId, edition))
    .orderBy(asc(halls.position), asc(halls.id));
  // Locking the halls puts edits of one layout in line: two at once cannot both pass the checks.
  return lock ? query.for('update') : query;
}

/** The form's field each refusal of a stand edited alone is about: its message shows under it. */
const FIELD_OF: Partial<Record<StandLineError['key'], string>> = {
  unknownHall: 'gateId',
  noOutline: 'gateId',
  taken: 'number',
  duplicate: 'number',
  outside: 'x',
  overlapKept: 'x',
  standOnFeature: 'x',
  featureKind: 'kind',
  labelLong: 'label',
  featureOutside: 'x',
  featureOnStand: 'x',
  featureOverlapKept: 'x',
};

export const refused = (errors: StandLineError[]) =>
  badRequest(standLineMessage(errors[0]!), {
    errors: errors.map((e) => ({ path: ['body', FIELD_OF[e.key] ?? 'number'], message: standLineMessage(e) })),
  });

/** An edition's stands as the checks read them, in the order they were made. */
export const placedStands = (tx: Tx, edition: number, where?: SQL) =>
  tx
    .select({
      gateId: stands.gateId,
      number: stands.number,
      x: stands.x,
      y: stands.y,
      width: stands.width,
      height: stands.height,
    })
    .from(stands)
    .where(and(eq(stands.eventId, edition), where))
    .orderBy(asc(stands.id));

/**
 * A stand edited alone: checked against the rest of its hall and every number of its edition (a
 * hall of another edition is not one of its halls).
 */
async function checkStand(tx: Tx, form: z.infer<typeof standSchema>, edition: number, id: number | null) {
  const halls = await planHalls(tx, edition, true);
  const kept = await placedStands(tx, edition, id === null ? undefined : ne(stands.id, id));
  const errors = layoutErrors([form], halls, kept, await placedFeatures(tx, edition));
  if (errors.length) throw refused(errors);
}

/** Exhibitors of an edition whose stand is given, with their company. */
const exhibitorStands = (tx: Tx, edition: number) =>
  tx
    .select({ booth: registrations.booth, company: users.company })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(exhibitorOf(editionById(edition)), isNotNull(registrations.booth)));

/** The edition of the hall `gateId`, where a new stand goes (the current one when there is no such hall: the checks refuse it). */
async function editionOfHall(tx: Tx, gateId: number): Promise<number> {
  const [hall] = await tx.select({ edition: halls.eventId }).from(halls).where(eq(halls.id, gateId));
  return hall?.edition ?? (await currentEditionId(tx));
}

/** Who holds the stand: the companies whose booth is its number, case aside. */
const exhibitor = sql<string | null>`(select string_agg(${users.company}, ', ' order by ${users.company})
  from ${registrations} join ${users} on ${users.id} = ${registrations.userId}
  where ${onStand(sql`"stands"."number"`, sql`"stands"."event_id"`)})`;

/** The stands, edition by edition, each one checked against its hall and its edition's numbers. */
export const standRecords = resourceRecords({
  table: stands,
  id: stands.id,
  edition: stands.eventId,
  sortable: { id: stands.id, number: stands.number, gateId: halls.position, x: stands.x, y: stands.y },
  defaultSort: [asc(halls.position), asc(stands.number)],
  filters: {
    q: searchFilter(stands.number),
    gateId: (value) => {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest('Filtre gateId : un identifiant.');
      return eq(stands.gateId, value);
    },
  },
  query: (dbOrTx) =>
    dbOrTx
      .select({
        id: stands.id,
        edition: stands.eventId,
        gateId: stands.gateId,
        hall: halls.name,
        number: stands.number,
        x: stands.x,
        y: stands.y,
        width: stands.width,
        height: stands.height,
        classId: stands.classId,
        area: stands.area,
        corner: stands.corner,
        exhibitor,
      })
      .from(stands)
      .innerJoin(halls, eq(halls.id, stands.gateId))
      .$dynamic(),
  present: (_, rows) => rows,
  async create(tx, body) {
    const form = parseFormBody(standSchema, body);
    const edition = await editionOfHall(tx, form.gateId);
    await checkStand(tx, form, edition, null);
    await checkSale(tx, form, edition);
    const [row] = await tx
      .insert(stands)
      .values({ ...form, eventId: edition })
      .returning({ id: stands.id });
    return row!.id;
  },
  async update(tx, id, body, before) {
    // A move sends x and y alone: the rest stays as it was.
    const sent = formInput(body);
    const form = parseFormBody(standSchema, { ...pick(before), ...(isRecord(sent) ? definedFields(sent) : {}) });
    await checkStand(tx, form, before.edition, id);
    await checkSale(tx, form, before.edition);
    await tx.update(stands).set(form).where(eq(stands.id, id));
  },
  async remove(tx, id) {
    await tx.delete(stands).where(eq(stands.id, id));
  },
});

/**
 * A layout CSV: the preview (what each hall would hold, the errors line by line, the exhibitors
 * whose stand would no longer be drawn), and with `commit` the import itself. The file replaces
 * every stand of the halls it names, and only theirs; with a single error nothing is written.
 * `body` is the form, whose `edition` names the edition whose layout the file is.
 */
export function importStands(db: Db, userId: number, body: unknown, { csv, commit }: { csv: string; commit: boolean }) {
  return db.transaction(async (tx) => {
    const edition = await editionOfForm(tx, body);
    const halls = await planHalls(tx, edition, commit);
    const { lines, features, withKinds, errors } = parseStandCsv(csv);
    const hallByName = new Map(halls.map((h) => [h.name.trim().toLowerCase(), h]));
    const inHall = <L extends { hall: string }>(l: L) => ({
      ...l,
      gateId: hallByName.get(l.hall.toLowerCase())?.id ?? null,
      hallName: l.hall,
    });
    const placed = lines.map(inHall);
    const newFeatures = features.map(inHall);
    const replaced = new Set([...placed, ...newFeatures].flatMap((s) => (s.gateId === null ? [] : [s.gateId])));
    const current = await placedStands(tx, edition);
    const kept = current.filter((s) => !replaced.has(s.gateId));
    // A file with the type column lays out its halls' features too; one without leaves them, and its stands keep off them.
    const currentFeatures = await placedFeatures(tx, edition);
    const keptFeatures = withKinds ? currentFeatures.filter((f) => !replaced.has(f.gateId)) : currentFeatures;
    errors.push(...layoutErrors(placed, halls, kept, keptFeatures));
    const standsAfter = [...kept, ...placed.flatMap((s) => (s.gateId === null ? [] : [{ ...s, gateId: s.gateId }]))];
    errors.push(...featureErrors(newFeatures, halls, standsAfter, keptFeatures));
    errors.sort((a, b) => a.line - b.line);

    const drawn = new Set([...kept, ...placed].map((s) => s.number.toLowerCase()));
    const unplaced = (await exhibitorStands(tx, edition))
      .filter((e) => e.booth && !drawn.has(e.booth.toLowerCase()))
      .sort((a, b) => a.booth!.localeCompare(b.booth!, 'fr', { numeric: true }));
    const preview = {
      halls: halls.map((h) => {
        const before = current.filter((s) => s.gateId === h.id).length;
        return {
          id: h.id,
          name: h.name,
          before,
          after: replaced.has(h.id) ? placed.filter((s) => s.gateId === h.id).length : before,
          replaced: replaced.has(h.id),
        };
      }),
      stands: placed.length,
      features: newFeatures.length,
      unplaced,
      errors: errors.map((e) => ({ line: e.line, message: standLineMessage(e), key: e.key, values: e.values ?? {} })),
    };
    if (!commit) return { ...preview, imported: false };
    if (errors.length) {
      // The preview rides in `details.preview`: `details.errors` is the fields' errors of every refusal.
      throw badRequest(`${errors.length} erreur(s) : rien n’a été importé.`, {
        preview: { ...preview, imported: false },
      });
    }
    const ids = [...replaced];
    // What a stand is sold as stays with its number: the file draws the stands, the offer prices them.
    const sale = new Map(
      (
        await tx
          .select({ number: stands.number, classId: stands.classId, area: stands.area, corner: stands.corner })
          .from(stands)
          .where(eq(stands.eventId, edition))
      ).map(({ number, ...kept }) => [number.toLowerCase(), kept]),
    );
    await tx.delete(stands).where(and(eq(stands.eventId, edition), inArray(stands.gateId, ids)));
    if (placed.length)
      await tx.insert(stands).values(
        placed.map((s) => ({
          ...sale.get(s.number.toLowerCase()),
          eventId: edition,
          gateId: s.gateId!,
          number: s.number,
          x: s.x,
          y: s.y,
          width: s.width,
          height: s.height,
        })),
      );
    if (withKinds) await replaceFeatures(tx, edition, ids, newFeatures);
    const hallName = new Map(halls.map((h) => [h.id, h.name]));
    const compact = (list: typeof current) =>
      list.map((s) => [hallName.get(s.gateId), s.number, s.x, s.y, s.width, s.height]);
    const compactFeatures = (list: (PlacedFeature & { label?: string | null })[]) =>
      list.map((f) => [hallName.get(f.gateId), f.kind, f.label ?? null, f.x, f.y, f.width, f.height]);
    await recordAudit(tx, {
      userId,
      action: 'POST /admin/stands/import',
      resource: 'stands',
      // The halls whose layout the file replaced.
      recordId: ids.join(','),
      before: {
        stands: compact(current.filter((s) => replaced.has(s.gateId))),
        ...(withKinds && { features: compactFeatures(currentFeatures.filter((f) => replaced.has(f.gateId))) }),
      },
      after: {
        stands: compact(placed.map((s) => ({ ...s, gateId: s.gateId! }))),
        ...(withKinds && { features: compactFeatures(newFeatures.map((f) => ({ ...f, gateId: f.gateId! }))) }),
      },
    });
    return { ...preview, imported: true };
  });
}

/** The fields of a stand that a change may leave out. */
function pick(s: z.infer<typeof standSchema>) {
  const { gateId, number, x, y, width, height, classId, area, corner } = s;
  return { gateId, number, x, y, width, height, classId, area, corner };
}

/** A stand for sale has a class of its own edition and an area; one not for sale has neither. */
async function checkSale(tx: Tx, form: z.infer<typeof standSchema>, edition: number) {
  const classId = form.classId ?? null;
  const area = form.area ?? null;
  if ((classId === null) !== (area === null)) {
    throw badRequest('Données invalides.', {
      errors: [
        {
          path: ['body', classId === null ? 'classId' : 'area'],
          message: 'Un stand vendu en ligne a une catégorie et une surface ; sinon, ni l’une ni l’autre.',
        },
      ],
    });
  }
  if (classId === null) return;
  const [own] = await tx
    .select({ id: standClasses.id })
    .from(standClasses)
    .where(and(eq(standClasses.id, classId), eq(standClasses.eventId, edition)));
  if (!own)
    throw badRequest('Données invalides.', {
      errors: [{ path: ['body', 'classId'], message: 'Catégorie de stand introuvable pour cette édition.' }],
    });
}
