import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { editionSchema, nextEditionSchema, type AdminEdition } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { events, openingHours, registrations, scans } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { idParam, parseFormBody } from '../../lib/query-params';
import { registerResource } from './record-resource';
import type { AdminDeps } from './deps';
import { makeCurrent } from '../show/current-edition';
import { editionColumns, registrationWindowColumns } from '../show/edition';
import { readHours, setHoursToDates } from '../show/edition-days';
import { prepareNextEdition } from '../editions/next-edition';
import { searchFilter } from '../../lib/admin-list';
import { sessionVersion } from '../auth/auth.service';

/** An edition as the back-office reads it: the registration window's moments in ISO 8601. */
const adminEdition = <T extends { registrationOpensAt: Date | null; registrationClosesAt: Date | null }>(row: T) => ({
  ...row,
  registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
  registrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
});

/** An edition's form as its row: the registration window's moments as dates. */
const editionRow = (form: z.output<typeof editionSchema>) => ({
  ...form,
  registrationOpensAt: form.registrationOpensAt ? new Date(form.registrationOpensAt) : null,
  registrationClosesAt: form.registrationClosesAt ? new Date(form.registrationClosesAt) : null,
});

const invalid = (field: string, message: string) =>
  badRequest('Données invalides.', { errors: [{ path: ['body', field], message }] });

/** One edition per number, and per year: /plan-<year> and /programme-<year> name one edition. */
async function checkEditionTaken(tx: Tx, form: { edition: number; year: number }, id: number | null) {
  const other = id === null ? undefined : ne(events.id, id);
  const [number] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.edition, form.edition), other));
  if (number) throw invalid('edition', 'editionTaken');
  const [year] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.year, form.year), other));
  if (year) throw invalid('year', 'yearTaken');
}

/**
 * The site's settings (venue, public contacts, virtual tour; one record, id 1) and the editions of
 * the history page. Every change is audited, and the public pages show it at once on every
 * instance (the settings' cache is cleared through the cache bus).
 */
export const adminEditionRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, editionChanged, jwt, clock }) => {
  const tags = ['admin'];

  const columns = {
    ...editionColumns,
    exhibitors: events.exhibitors,
    visitors: events.visitors,
    current: events.current,
    ...registrationWindowColumns,
  };
  /** One edition as the editions' list shows it, or null. */
  const readEdition = async (dbOrTx: Db | Tx, id: number) => {
    const [row] = await dbOrTx.select(columns).from(events).where(eq(events.id, id));
    return row ? adminEdition(row) : null;
  };

  registerResource(
    app,
    // The current edition's facts are in every page, badge and mail: read again on every instance.
    { db, onChange: editionChanged },
    {
      path: 'editions',
      table: events,
      id: events.id,
      missing: 'Édition introuvable.',
      sortable: {
        id: events.id,
        edition: events.edition,
        year: events.year,
        startsOn: events.startsOn,
        name: events.name,
      },
      defaultSort: [desc(events.year), desc(events.startsOn), desc(events.id)],
      filters: { q: searchFilter(events.name, events.city, events.theme) },
      query: (dbOrTx) => dbOrTx.select(columns).from(events).$dynamic(),
      present: (_, rows): AdminEdition[] => rows.map(adminEdition),
      async create(tx, body) {
        const form = parseFormBody(editionSchema, body);
        await checkEditionTaken(tx, form, null);
        // Editions have no serial (the current one is id 7, as the specification says): the next id
        // after the last, one creation at a time.
        await tx.execute(sql`lock table ${events} in share row exclusive mode`);
        const [last] = await tx.select({ id: sql<number>`coalesce(max(${events.id}), 0)::int` }).from(events);
        const id = (last?.id ?? 0) + 1;
        await tx.insert(events).values({ ...editionRow(form), id });
        if (form.startsOn && form.endsOn)
          await setHoursToDates(tx, id, { startsOn: form.startsOn, endsOn: form.endsOn }, []);
        return id;
      },
      async update(tx, id, body, before) {
        const form = parseFormBody(editionSchema, body);
        // The site prints the current edition's dates and city everywhere: they may change, not go.
        if (before.current) {
          const missing = (['startsOn', 'endsOn', 'city'] as const).filter((field) => !form[field]);
          if (missing.length) {
            throw badRequest('Données invalides.', {
              errors: missing.map((field) => ({ path: ['body', field], message: 'editionNotDated' })),
            });
          }
        }
        await checkEditionTaken(tx, form, id);
        await tx.update(events).set(editionRow(form)).where(eq(events.id, id));
        // Opening hours follow the dates: each day keeps the hours of its place in the show.
        if (form.startsOn !== before.startsOn || form.endsOn !== before.endsOn) {
          const { startsOn, endsOn } = form;
          if (startsOn && endsOn) await setHoursToDates(tx, id, { startsOn, endsOn }, await readHours(tx, id));
          else await tx.delete(openingHours).where(eq(openingHours.eventId, id));
        }
      },
      async remove(tx, id) {
        // After any switch under way ('Rendre courante' takes the same lock): the current one stays.
        await tx.execute(sql`lock table ${events} in share row exclusive mode`);
        const [before] = await tx.select({ current: events.current }).from(events).where(eq(events.id, id));
        if (before?.current) throw badRequest('L’édition en cours ne peut pas être supprimée.');
        const [people] = await tx.select({ n: count() }).from(registrations).where(eq(registrations.eventId, id));
        const [scanned] = await tx.select({ n: count() }).from(scans).where(eq(scans.eventId, id));
        if ((people?.n ?? 0) + (scanned?.n ?? 0) > 0) {
          throw badRequest(
            'Des inscriptions ou des scans sont rattachés à cette édition : elle ne peut pas être supprimée.',
          );
        }
        await tx.delete(events).where(eq(events.id, id));
      },
    },
  );

  // 'Aperçu du site': the public site as it reads for this edition, for this organiser, two hours
  // (domains/editions/preview.ts). A read: nothing changes until the edition is made current.
  app.get<{ Params: { id: string } }>('/editions/:id/preview', { schema: { tags } }, async (request, reply) => {
    const id = idParam(request.params.id);
    const edition = id === null ? null : await readEdition(db, id);
    if (!edition) throw notFound('Édition introuvable.');
    if (!edition.startsOn || !edition.city) {
      throw badRequest('Cette édition n’a pas encore ses dates et sa ville : ajoutez-les avant de la prévisualiser.', {
        errors: [{ path: ['params', 'id'], message: 'editionNotDated' }],
      });
    }
    const user = currentUser(request);
    const token = await jwt.signPreview(
      { userId: user.id, version: await sessionVersion(db, user.id), editionId: edition.id },
      clock(),
    );
    void reply.header('cache-control', 'no-store');
    return { url: `/?apercu=${token}` };
  });

  // 'Préparer l'édition suivante': a new edition after this one (domains/editions/next-edition.ts).
  app.post<{ Params: { id: string } }>('/editions/:id/next', { schema: { tags } }, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) throw notFound('Édition introuvable.');
    const form = parseFormBody(nextEditionSchema, request.body);
    const record = await db.transaction(async (tx) => {
      const created = await prepareNextEdition(tx, id, form, (values) => checkEditionTaken(tx, values, null));
      const after = (await readEdition(tx, created))!;
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'POST /admin/editions/:id/next',
        resource: 'editions',
        recordId: created,
        before: { from: id },
        after: { ...after, halls: form.halls },
      });
      return after;
    });
    editionChanged();
    return reply.status(201).send(record);
  });

  // 'Rendre courante': the site, its registrations, the exhibitor area and the gates follow this
  // edition from now on, on every instance (the caches that hold the last one are cleared).
  app.post<{ Params: { id: string } }>('/editions/:id/make-current', { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    if (id === null) throw notFound('Édition introuvable.');
    const record = await db.transaction(async (tx) => {
      const before = await makeCurrent(tx, id);
      const after = (await readEdition(tx, id))!;
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'POST /admin/editions/:id/make-current',
        resource: 'editions',
        recordId: id,
        before: { current: before },
        after: { current: id },
      });
      return after;
    });
    editionChanged();
    return record;
  });
};
