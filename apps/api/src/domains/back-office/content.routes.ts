import multipart from '@fastify/multipart';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { EVENT_ID } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import {
  agence,
  bannieres,
  checkins,
  conferences,
  events,
  galeries,
  gates,
  media,
  partenaires,
  partenairesPresses,
  registrations,
  sib,
  temoignages,
} from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { parseListQuery, readPage, sendList, type ListQuery } from './admin-list';
import { recordAudit } from './audit.service';
import { conferenceView } from '../content/conferences.service';
import { containsPattern, idParam, parseFormBody } from '../../lib/query-params';
import { PDF_MAX_BYTES, UPLOAD_MESSAGES, cleanFileName, prepareUpload, storeUpload } from '../files/uploads.service';
import { mediaUrl } from '../exhibitor-area/users.service';
import type { AdminDeps } from './deps';

// ---------------------------------------------------------------------------------------------
// Media as the back-office shows them
// ---------------------------------------------------------------------------------------------

type MediaRow = typeof media.$inferSelect;
type MediaKind = 'image' | 'pdf';

const kindOf = (m: Pick<MediaRow, 'mime'>): MediaKind => (m.mime === 'application/pdf' ? 'pdf' : 'image');

export function mediaRecord(m: MediaRow) {
  return {
    id: m.id,
    url: mediaUrl(m),
    name: m.name,
    mime: m.mime,
    size: m.size,
    width: m.width,
    height: m.height,
    kind: kindOf(m),
    createdAt: m.createdAt,
  };
}
export type MediaRecord = ReturnType<typeof mediaRecord>;

/** `logoId` → `logo`: each record carries its files beside their ids, for the previews. */
type WithMedia<F extends string> = { [K in F as K extends `${infer B}Id` ? B : never]: MediaRecord | null };

async function withMedia<F extends string, R extends { [K in F]: number | null }>(
  db: Db | Tx,
  rows: R[],
  fields: readonly F[],
): Promise<(R & WithMedia<F>)[]> {
  const idOf = (row: R, field: F): number | null => row[field];
  const ids = [...new Set(rows.flatMap((r) => fields.map((f) => idOf(r, f))))].filter((id) => id !== null);
  const found = ids.length ? await db.select().from(media).where(inArray(media.id, ids)) : [];
  const byId = new Map(found.map((m) => [m.id, mediaRecord(m)]));
  return rows.map((row) => {
    const files = Object.fromEntries(
      fields.map((f) => {
        const id = idOf(row, f);
        return [f.replace(/Id$/, ''), id === null ? null : (byId.get(id) ?? null)];
      }),
    );
    return { ...row, ...files } as R & WithMedia<F>;
  });
}

/** The files a form points at must exist and be of the right kind (an image, a PDF). */
async function checkMediaRefs(db: Db | Tx, refs: [field: string, id: number | null | undefined, kind: MediaKind][]) {
  const wanted = refs.filter((r): r is [string, number, MediaKind] => typeof r[1] === 'number');
  if (!wanted.length) return;
  const rows = await db
    .select({ id: media.id, mime: media.mime })
    .from(media)
    .where(
      inArray(
        media.id,
        wanted.map((r) => r[1]),
      ),
    );
  const byId = new Map(rows.map((m) => [m.id, kindOf(m)]));
  const errors = wanted.flatMap(([field, id, kind]) => {
    const found = byId.get(id);
    if (!found) return [{ path: ['body', field], message: 'Fichier introuvable : envoyez-le d’abord.' }];
    if (found !== kind) {
      const message = kind === 'pdf' ? 'Un document PDF est attendu.' : 'Une image est attendue (PNG, JPEG ou WebP).';
      return [{ path: ['body', field], message }];
    }
    return [];
  });
  if (errors.length) throw badRequest('Données invalides.', { errors });
}

// ---------------------------------------------------------------------------------------------
// Form rules
// ---------------------------------------------------------------------------------------------

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? 'required' : 'Texte attendu.') })
    .check(z.trim(), z.maxLength(max, { error: `${max} caractères au plus.` }));
const requiredText = (max: number) => text(max).check(z.minLength(1, { error: 'required' }));
/** Optional text: absent stays absent (a change leaves it as it was), empty means none (null). */
const optionalText = (max: number, rule?: { test: RegExp; error: string }) =>
  z.pipe(
    z.optional(z.nullable(rule ? text(max).check(z.refine((v) => !v || rule.test.test(v), rule.error)) : text(max))),
    z.transform((v: string | null | undefined) => (v === undefined ? undefined : v || null)),
  );
/** A banner's or partner's link: an address on the web, or a path of this site. */
const LINK = {
  test: /^(https?:\/\/[^\s/]+[^\s]*|\/[^\s/][^\s]*|\/)$/i,
  error: 'Adresse http(s)://… ou chemin du site commençant par /.',
};
const WEBSITE = { test: /^https?:\/\/[^\s/]+[^\s]*$/i, error: 'Adresse http(s)://… attendue.' };
const EMAIL = { test: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, error: 'email' };

/** A place in a list; none (null: an emptied field) puts a new record at the end and leaves a record where it is. */
const position = z.pipe(
  z.optional(
    z.nullable(
      z
        .int({ error: 'Position : un nombre entier.' })
        .check(z.gte(0, { error: 'Position : 0 ou plus.' }), z.lte(100_000, { error: 'Position : 100 000 au plus.' })),
    ),
  ),
  z.transform((v: number | null | undefined) => v ?? undefined),
);
const mediaId = z
  .int({ error: 'Fichier : identifiant attendu.' })
  .check(z.positive({ error: 'Fichier : identifiant attendu.' }));
const optionalMedia = z.optional(z.nullable(mediaId));
const actif = z.boolean({ error: 'Actif : true ou false.' });

const bannerSchema = z.object({
  actif: z.optional(actif),
  emplacement: z.enum(['Haut', 'Bas'], { error: 'Emplacement : Haut ou Bas.' }),
  lien: optionalText(500, LINK),
  fichierDesktopId: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
  fichierMobileId: optionalMedia,
});

const partnerSchema = z.object({
  name: requiredText(200),
  url: optionalText(500, LINK),
  actif: z.optional(actif),
  position: position,
  logoId: optionalMedia,
});

const gallerySchema = z.object({
  position: position,
  imageId: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
  captionFr: optionalText(300),
  captionEn: optionalText(300),
});

const testimonialSchema = z.object({
  position: position,
  author: requiredText(200),
  roleFr: optionalText(200),
  roleEn: optionalText(200),
  quoteFr: requiredText(2000),
  quoteEn: requiredText(2000),
  photoId: optionalMedia,
});

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: 'required' }).check(z.trim(), z.regex(HHMM, { error: 'Heure au format HH:MM.' }));
const conferenceSchema = z.object({
  number: requiredText(20),
  kind: z.optional(z.enum(['conference', 'academy', 'sponsor'], { error: 'Type : conference, academy ou sponsor.' })),
  titleFr: requiredText(300),
  titleEn: requiredText(300),
  themeFr: optionalText(200),
  themeEn: optionalText(200),
  descriptionFr: optionalText(5000),
  descriptionEn: optionalText(5000),
  day: z.string({ error: 'required' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Jour au format AAAA-MM-JJ.' })),
  startsAt: time,
  endsAt: time,
});

const gateSchema = z.object({ name: requiredText(100), position: position });

const sibSchema = z.object({
  logoSponsorOfficielId: optionalMedia,
  logoPaysInviteHonneurId: optionalMedia,
  mediaFullBackgroundId: optionalMedia,
  planPdfId: optionalMedia,
  programmePdfId: optionalMedia,
  cataloguePdfId: optionalMedia,
});

const agenceSchema = z.object({
  name: requiredText(200),
  email: optionalText(320, EMAIL),
  website: optionalText(500, WEBSITE),
  logoId: optionalMedia,
  logoFooterId: optionalMedia,
  imageId: optionalMedia,
});

const reorderSchema = z.object({
  ids: z.array(mediaId).check(
    z.minLength(1, { error: 'ids : au moins un identifiant.' }),
    z.maxLength(500, { error: 'ids : 500 identifiants au plus.' }),
    z.refine((ids) => new Set(ids).size === ids.length, 'ids : chaque identifiant une seule fois.'),
  ),
});

// ---------------------------------------------------------------------------------------------
// List filters
// ---------------------------------------------------------------------------------------------

export const searchFilter =
  (...columns: AnyPgColumn[]) =>
  (value: unknown): SQL => {
    if (typeof value !== 'string' || value.length > 200)
      throw badRequest('Filtre q : un texte de 200 caractères au plus.');
    const pattern = containsPattern(value.trim());
    return or(...columns.map((c) => ilike(c, pattern)))!;
  };
const booleanFilter = (column: AnyPgColumn, name: string) => (value: unknown) => {
  if (typeof value !== 'boolean') throw badRequest(`Filtre ${name} : true ou false.`);
  return eq(column, value);
};
const oneOfFilter =
  <T extends string>(column: AnyPgColumn, name: string, values: readonly T[]) =>
  (value: unknown) => {
    if (!values.includes(value as T)) throw badRequest(`Filtre ${name} : ${values.join(', ')}.`);
    return eq(column, value);
  };

// ---------------------------------------------------------------------------------------------
// One record resource: list, read, create, change, delete, each write audited
// ---------------------------------------------------------------------------------------------

interface RecordResource<R extends { id: number }, Q extends PgSelect> {
  /** The path under /admin/, also the audit entries' resource. */
  path: string;
  table: PgTable;
  id: AnyPgColumn;
  /** Rows outside it are not this resource's (the halls of other editions). */
  scope?: SQL;
  missing: string;
  sortable: Record<string, AnyPgColumn>;
  defaultSort: SQL[];
  filters: Record<string, (value: unknown) => SQL>;
  /** The rows, without a where: the list reads a page of them, the other routes one by its id. */
  query(db: Db | Tx): Q;
  /** The records the back-office shows of them (with their files beside their ids). */
  present(db: Db | Tx, rows: Awaited<Q>): R[] | Promise<R[]>;
  create(tx: Tx, body: unknown): Promise<number>;
  update(tx: Tx, id: number, body: unknown, before: R): Promise<void>;
  /** Throws a 400 when the record may not go. */
  remove(tx: Tx, id: number): Promise<void>;
}

/** The next position after the last one: a new partner, photo or hall goes at the end. */
async function nextPosition(tx: Tx, column: AnyPgColumn, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${column})` })
    .from(table)
    .where(where);
  return (row?.last ?? 0) + 1;
}

export function registerResource<R extends { id: number }, Q extends PgSelect>(
  app: FastifyInstance,
  { db, onChange }: { db: Db; onChange?: () => void },
  r: RecordResource<R, Q>,
) {
  const tags = ['admin'];
  const read = async (dbOrTx: Db | Tx, id: number) =>
    (await r.present(dbOrTx, await r.query(dbOrTx).where(and(r.scope, eq(r.id, id)))))[0] ?? null;
  const audit = (tx: Tx, userId: number, action: string, recordId: number, before: unknown, after: unknown) =>
    recordAudit(tx, {
      userId,
      action: `${action} /admin/${r.path}${action === 'POST' ? '' : '/:id'}`,
      resource: r.path,
      recordId,
      before,
      after,
    });

  app.get(`/${r.path}`, { schema: { tags } }, async (request, reply) => {
    const list: ListQuery = parseListQuery(request.query as Record<string, unknown>, r);
    const { rows, total } = await readPage(
      list,
      r.query(db),
      db.select({ n: count() }).from(r.table).$dynamic(),
      r.scope,
    );
    return sendList(reply, r.path, list, await r.present(db, rows), total);
  });

  app.get<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const record = id === null ? null : await read(db, id);
    if (!record) throw notFound(r.missing);
    return record;
  });

  app.post(`/${r.path}`, { schema: { tags } }, async (request, reply) => {
    const record = await db.transaction(async (tx) => {
      const id = await r.create(tx, request.body);
      const after = (await read(tx, id))!;
      await audit(tx, currentUser(request).id, 'POST', id, {}, after);
      return after;
    });
    onChange?.();
    return reply.status(201).send(record);
  });

  app.put<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const record = await db.transaction(async (tx) => {
      const before = id === null ? null : await read(tx, id);
      if (!before || id === null) throw notFound(r.missing);
      await r.update(tx, id, request.body, before);
      const after = (await read(tx, id))!;
      await audit(tx, currentUser(request).id, 'PUT', id, before, after);
      return after;
    });
    onChange?.();
    return record;
  });

  app.delete<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const record = await db.transaction(async (tx) => {
      const before = id === null ? null : await read(tx, id);
      if (!before || id === null) throw notFound(r.missing);
      await r.remove(tx, id);
      await audit(tx, currentUser(request).id, 'DELETE', id, before, {});
      return before;
    });
    onChange?.();
    return record;
  });
}

// ---------------------------------------------------------------------------------------------
// The routes
// ---------------------------------------------------------------------------------------------

/** Uploads, and every record of the public pages: banners, partners, gallery, testimonials, forum, halls, show, agency. */
export const adminContentRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, directoryCache }) => {
  const tags = ['admin'];

  // ---- Uploads ----------------------------------------------------------------------------------

  // Only this part reads multipart bodies; a file above the PDF limit is cut off while it arrives.
  await app.register(multipart, {
    limits: { fileSize: PDF_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/media',
    { schema: { tags, summary: 'Uploads one image (PNG, JPEG, WebP) or PDF, field `file`' } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
      let bytes: Buffer;
      let filename: string;
      try {
        const part = await request.file();
        if (!part) throw badRequest(UPLOAD_MESSAGES.noFile);
        if (part.fieldname !== 'file') throw badRequest(UPLOAD_MESSAGES.noFile);
        bytes = await part.toBuffer();
        filename = part.filename;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(UPLOAD_MESSAGES.tooLarge);
        if (err instanceof HttpError) throw err;
        // Busboy's own complaints (a cut-off body, a broken boundary) and the other limits.
        throw badRequest(UPLOAD_MESSAGES.malformed);
      }
      const file = await prepareUpload(bytes);
      const record = await db.transaction(async (tx) => {
        // The bytes and their record together: a failed record leaves no file behind.
        const rel = await storeUpload(tx, file);
        // The same bytes sent again are the same stored file: its record is answered again.
        const [existing] = await tx.select().from(media).where(eq(media.path, rel));
        const row =
          existing ??
          (
            await tx
              .insert(media)
              .values({
                name: cleanFileName(filename, file.ext),
                mime: file.mime,
                size: file.body.length,
                width: file.width,
                height: file.height,
                path: rel,
              })
              .returning()
          )[0]!;
        const after = mediaRecord(row);
        await recordAudit(tx, {
          userId: currentUser(request).id,
          action: 'POST /admin/media',
          resource: 'media',
          recordId: row.id,
          before: existing ? after : {},
          after,
        });
        return after;
      });
      return reply.status(201).send(record);
    },
  );

  app.get('/media', { schema: { tags } }, async (request, reply) => {
    const list = parseListQuery(request.query as Record<string, unknown>, {
      sortable: { id: media.id, createdAt: media.createdAt, name: media.name, size: media.size },
      defaultSort: [desc(media.createdAt), desc(media.id)],
      filters: {
        q: searchFilter(media.name),
        kind: (value) => {
          if (value === 'pdf') return eq(media.mime, 'application/pdf');
          if (value === 'image') return ne(media.mime, 'application/pdf');
          throw badRequest('Filtre kind : image ou pdf.');
        },
      },
    });
    const { rows, total } = await readPage(
      list,
      db.select().from(media).$dynamic(),
      db.select({ n: count() }).from(media).$dynamic(),
    );
    return sendList(reply, 'media', list, rows.map(mediaRecord), total);
  });

  app.get<{ Params: { id: string } }>('/media/:id', { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const [row] = id === null ? [] : await db.select().from(media).where(eq(media.id, id));
    if (!row) throw notFound('Fichier introuvable.');
    return mediaRecord(row);
  });

  // ---- Banners ----------------------------------------------------------------------------------

  registerResource(
    app,
    { db },
    {
      path: 'bannieres',
      table: bannieres,
      id: bannieres.id,
      missing: 'Bannière introuvable.',
      sortable: {
        id: bannieres.id,
        createdAt: bannieres.createdAt,
        emplacement: bannieres.emplacement,
        actif: bannieres.actif,
      },
      defaultSort: [desc(bannieres.id)],
      filters: {
        q: searchFilter(bannieres.lien),
        actif: booleanFilter(bannieres.actif, 'actif'),
        emplacement: oneOfFilter(bannieres.emplacement, 'emplacement', ['Haut', 'Bas']),
      },
      query: (dbOrTx) => dbOrTx.select().from(bannieres).$dynamic(),
      present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['fichierDesktopId', 'fichierMobileId'] as const),
      async create(tx, body) {
        const form = parseFormBody(bannerSchema, body);
        await checkMediaRefs(tx, [
          ['fichierDesktopId', form.fichierDesktopId, 'image'],
          ['fichierMobileId', form.fichierMobileId, 'image'],
        ]);
        const [row] = await tx.insert(bannieres).values(form).returning({ id: bannieres.id });
        return row!.id;
      },
      async update(tx, id, body) {
        const form = parseFormBody(z.partial(bannerSchema), body);
        await checkMediaRefs(tx, [
          ['fichierDesktopId', form.fichierDesktopId, 'image'],
          ['fichierMobileId', form.fichierMobileId, 'image'],
        ]);
        if (Object.values(form).some((v) => v !== undefined))
          await tx.update(bannieres).set(form).where(eq(bannieres.id, id));
      },
      async remove(tx, id) {
        await tx.delete(bannieres).where(eq(bannieres.id, id));
      },
    },
  );

  // ---- Partners and press partners, with their order ------------------------------------------------

  for (const [path, table, missing] of [
    ['partenaires', partenaires, 'Partenaire introuvable.'],
    ['partenaires-presses', partenairesPresses, 'Partenaire presse introuvable.'],
  ] as const) {
    registerResource(
      app,
      { db },
      {
        path,
        table,
        id: table.id,
        missing,
        sortable: { id: table.id, position: table.position, name: table.name, actif: table.actif },
        defaultSort: [asc(table.position), asc(table.id)],
        filters: { q: searchFilter(table.name, table.url), actif: booleanFilter(table.actif, 'actif') },
        query: (dbOrTx) => dbOrTx.select().from(table).$dynamic(),
        present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['logoId'] as const),
        async create(tx, body) {
          const form = parseFormBody(partnerSchema, body);
          await checkMediaRefs(tx, [['logoId', form.logoId, 'image']]);
          const values = { ...form, position: form.position ?? (await nextPosition(tx, table.position, table)) };
          const [row] = await tx.insert(table).values(values).returning({ id: table.id });
          return row!.id;
        },
        async update(tx, id, body) {
          const form = parseFormBody(z.partial(partnerSchema), body);
          await checkMediaRefs(tx, [['logoId', form.logoId, 'image']]);
          if (Object.values(form).some((v) => v !== undefined))
            await tx.update(table).set(form).where(eq(table.id, id));
        },
        async remove(tx, id) {
          await tx.delete(table).where(eq(table.id, id));
        },
      },
    );

    /**
     * Puts the partners in the order given: the listed ones first (positions 1, 2, …), then the
     * others in their current order. The public strips follow the positions.
     */
    app.post(`/${path}/reorder`, { schema: { tags } }, async (request) => {
      const { ids } = parseFormBody(reorderSchema, request.body);
      return db.transaction(async (tx) => {
        const current = await tx
          .select({ id: table.id, name: table.name, position: table.position })
          .from(table)
          .orderBy(asc(table.position), asc(table.id));
        const known = new Set(current.map((p) => p.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length) throw badRequest(`${missing.replace(/\.$/, '')} : ${unknown.join(', ')}.`);
        const order = [...ids, ...current.map((p) => p.id).filter((id) => !ids.includes(id))];
        const before = new Map(current.map((p) => [p.id, p]));
        for (const [index, id] of order.entries()) {
          if (before.get(id)!.position !== index + 1) {
            await tx
              .update(table)
              .set({ position: index + 1 })
              .where(eq(table.id, id));
          }
        }
        const after = order.map((id, index) => ({ ...before.get(id)!, position: index + 1 }));
        await recordAudit(tx, {
          userId: currentUser(request).id,
          action: `POST /admin/${path}/reorder`,
          resource: path,
          recordId: ids.join(','),
          before: { order: current },
          after: { order: after },
        });
        const rows = await tx.select().from(table).orderBy(asc(table.position), asc(table.id));
        return withMedia(tx, rows, ['logoId'] as const);
      });
    });
  }

  // ---- Gallery and testimonials -------------------------------------------------------------------

  registerResource(
    app,
    { db },
    {
      path: 'galeries',
      table: galeries,
      id: galeries.id,
      missing: 'Photo introuvable.',
      sortable: { id: galeries.id, position: galeries.position },
      defaultSort: [asc(galeries.position), asc(galeries.id)],
      filters: { q: searchFilter(galeries.captionFr, galeries.captionEn) },
      query: (dbOrTx) => dbOrTx.select().from(galeries).$dynamic(),
      present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['imageId'] as const),
      async create(tx, body) {
        const form = parseFormBody(gallerySchema, body);
        await checkMediaRefs(tx, [['imageId', form.imageId, 'image']]);
        const values = { ...form, position: form.position ?? (await nextPosition(tx, galeries.position, galeries)) };
        const [row] = await tx.insert(galeries).values(values).returning({ id: galeries.id });
        return row!.id;
      },
      async update(tx, id, body) {
        const form = parseFormBody(z.partial(gallerySchema), body);
        await checkMediaRefs(tx, [['imageId', form.imageId, 'image']]);
        if (Object.values(form).some((v) => v !== undefined))
          await tx.update(galeries).set(form).where(eq(galeries.id, id));
      },
      async remove(tx, id) {
        await tx.delete(galeries).where(eq(galeries.id, id));
      },
    },
  );

  registerResource(
    app,
    { db },
    {
      path: 'temoignages',
      table: temoignages,
      id: temoignages.id,
      missing: 'Témoignage introuvable.',
      sortable: { id: temoignages.id, position: temoignages.position, author: temoignages.author },
      defaultSort: [asc(temoignages.position), asc(temoignages.id)],
      filters: { q: searchFilter(temoignages.author, temoignages.quoteFr, temoignages.quoteEn) },
      query: (dbOrTx) => dbOrTx.select().from(temoignages).$dynamic(),
      present: (dbOrTx, rows) => withMedia(dbOrTx, rows, ['photoId'] as const),
      async create(tx, body) {
        const form = parseFormBody(testimonialSchema, body);
        await checkMediaRefs(tx, [['photoId', form.photoId, 'image']]);
        const values = {
          ...form,
          position: form.position ?? (await nextPosition(tx, temoignages.position, temoignages)),
        };
        const [row] = await tx.insert(temoignages).values(values).returning({ id: temoignages.id });
        return row!.id;
      },
      async update(tx, id, body) {
        const form = parseFormBody(z.partial(testimonialSchema), body);
        await checkMediaRefs(tx, [['photoId', form.photoId, 'image']]);
        if (Object.values(form).some((v) => v !== undefined)) {
          await tx.update(temoignages).set(form).where(eq(temoignages.id, id));
        }
      },
      async remove(tx, id) {
        await tx.delete(temoignages).where(eq(temoignages.id, id));
      },
    },
  );

  // ---- The forum's conferences (speakers are named in the descriptions: there is no speaker record) ----

  const thisEdition = eq(conferences.eventId, EVENT_ID);
  /** A conference takes place on one of the show's days, ends after it starts, and has a number of its own. */
  async function checkConference(
    tx: Tx,
    c: { number: string; day: string; startsAt: string; endsAt: string },
    id: number | null,
  ) {
    const [event] = await tx
      .select({ startsOn: events.startsOn, endsOn: events.endsOn })
      .from(events)
      .where(eq(events.id, EVENT_ID));
    const errors: { path: string[]; message: string }[] = [];
    if (event && (c.day < event.startsOn || c.day > event.endsOn)) {
      const fr = (d: string) => d.split('-').reverse().join('/');
      errors.push({
        path: ['body', 'day'],
        message: `Un jour du salon : du ${fr(event.startsOn)} au ${fr(event.endsOn)}.`,
      });
    }
    if (c.endsAt <= c.startsAt) errors.push({ path: ['body', 'endsAt'], message: 'La fin doit suivre le début.' });
    const [taken] = await tx
      .select({ id: conferences.id })
      .from(conferences)
      .where(and(thisEdition, eq(conferences.number, c.number), id === null ? undefined : ne(conferences.id, id)));
    if (taken) errors.push({ path: ['body', 'number'], message: 'Ce numéro est déjà celui d’une autre conférence.' });
    if (errors.length) throw badRequest('Données invalides.', { errors });
  }
  // Written out: drizzle leaves a lone table's columns unqualified, which the subquery would read as its own.
  const signUps = sql<number>`(select count(*)::int from registrations r where r.conference_id = "conferences"."id")`;

  registerResource(
    app,
    { db },
    {
      path: 'conferences',
      table: conferences,
      id: conferences.id,
      scope: thisEdition,
      missing: 'Conférence introuvable.',
      sortable: {
        id: conferences.id,
        number: conferences.number,
        day: conferences.day,
        startsAt: conferences.startsAt,
        titleFr: conferences.titleFr,
        kind: conferences.kind,
      },
      defaultSort: [asc(conferences.day), asc(conferences.startsAt), asc(conferences.id)],
      filters: {
        q: searchFilter(
          conferences.number,
          conferences.titleFr,
          conferences.titleEn,
          conferences.descriptionFr,
          conferences.descriptionEn,
        ),
        day: (value) => {
          if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
            throw badRequest('Filtre day : AAAA-MM-JJ.');
          return eq(conferences.day, value);
        },
        kind: oneOfFilter(conferences.kind, 'kind', ['conference', 'academy', 'sponsor']),
      },
      query: (dbOrTx) => dbOrTx.select({ row: conferences, registrations: signUps }).from(conferences).$dynamic(),
      present: (_, rows) => rows.map((r) => ({ ...conferenceView(r.row), registrations: r.registrations })),
      async create(tx, body) {
        const form = parseFormBody(conferenceSchema, body);
        await checkConference(tx, form, null);
        const [row] = await tx
          .insert(conferences)
          .values({ ...form, eventId: EVENT_ID })
          .returning({ id: conferences.id });
        return row!.id;
      },
      async update(tx, id, body, before) {
        const form = parseFormBody(z.partial(conferenceSchema), body);
        await checkConference(tx, { ...before, ...stripUndefined(form) }, id);
        if (Object.values(form).some((v) => v !== undefined)) {
          await tx.update(conferences).set(form).where(eq(conferences.id, id));
        }
      },
      async remove(tx, id) {
        const [n] = await tx.select({ n: count() }).from(registrations).where(eq(registrations.conferenceId, id));
        if (n && n.n > 0) {
          throw badRequest(
            `${n.n} personne${n.n > 1 ? 's sont inscrites' : ' est inscrite'} à cette conférence : elle ne peut pas être supprimée.`,
          );
        }
        await tx.delete(conferences).where(eq(conferences.id, id));
      },
    },
  );

  // ---- Halls (the gates controllers work at; exhibitors have a hall and a stand) ---------------------

  const thisShow = eq(gates.eventId, EVENT_ID);
  const exhibitorsIn = sql<number>`(select count(*)::int from registrations r
    where r.gate_id = "gates"."id" and r.type = 'exhibitor')`;
  async function checkHallName(tx: Tx, name: string, id: number | null) {
    const [taken] = await tx
      .select({ id: gates.id })
      .from(gates)
      .where(and(thisShow, sql`lower(${gates.name}) = lower(${name})`, id === null ? undefined : ne(gates.id, id)));
    if (taken) {
      throw badRequest('Données invalides.', {
        errors: [{ path: ['body', 'name'], message: 'Un hall porte déjà ce nom.' }],
      });
    }
  }

  registerResource(
    app,
    // Hall names show in the public directory, which keeps answers for a few seconds.
    { db, onChange: () => directoryCache.clear() },
    {
      path: 'gates',
      table: gates,
      id: gates.id,
      scope: thisShow,
      missing: 'Hall introuvable.',
      sortable: { id: gates.id, position: gates.position, name: gates.name },
      defaultSort: [asc(gates.position), asc(gates.id)],
      filters: { q: searchFilter(gates.name) },
      query: (dbOrTx) =>
        dbOrTx
          .select({ id: gates.id, name: gates.name, position: gates.position, exhibitors: exhibitorsIn })
          .from(gates)
          .$dynamic(),
      present: (_, rows) => rows,
      async create(tx, body) {
        const form = parseFormBody(gateSchema, body);
        await checkHallName(tx, form.name, null);
        const values = {
          ...form,
          eventId: EVENT_ID,
          position: form.position ?? (await nextPosition(tx, gates.position, gates, thisShow)),
        };
        const [row] = await tx.insert(gates).values(values).returning({ id: gates.id });
        return row!.id;
      },
      async update(tx, id, body) {
        const form = parseFormBody(z.partial(gateSchema), body);
        if (form.name !== undefined) await checkHallName(tx, form.name, id);
        if (Object.values(form).some((v) => v !== undefined)) await tx.update(gates).set(form).where(eq(gates.id, id));
      },
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
        await tx.delete(gates).where(eq(gates.id, id));
      },
    },
  );

  // ---- The show record and the agency record (one row each, id 1) --------------------------------

  const sibFiles = [
    ['logoSponsorOfficielId', 'image'],
    ['logoPaysInviteHonneurId', 'image'],
    ['mediaFullBackgroundId', 'image'],
    ['planPdfId', 'pdf'],
    ['programmePdfId', 'pdf'],
    ['cataloguePdfId', 'pdf'],
  ] as const;
  const readSib = async (dbOrTx: Db | Tx) => {
    const rows = await dbOrTx.select().from(sib).where(eq(sib.id, 1));
    return (
      (
        await withMedia(
          dbOrTx,
          rows,
          sibFiles.map(([f]) => f),
        )
      )[0] ?? null
    );
  };

  app.get('/sib/1', { schema: { tags } }, async () => {
    const record = await readSib(db);
    if (!record) throw notFound('Fiche du salon introuvable.');
    return record;
  });

  /** The show's logos and background, and the PDFs that replace the generated plan, programme and catalogue. */
  app.put('/sib/1', { schema: { tags } }, async (request) => {
    const form = parseFormBody(sibSchema, request.body);
    return db.transaction(async (tx) => {
      await checkMediaRefs(
        tx,
        sibFiles.map(([field, kind]) => [field, form[field], kind]),
      );
      await tx.insert(sib).values({ id: 1 }).onConflictDoNothing();
      const before = (await readSib(tx))!;
      if (Object.values(form).some((v) => v !== undefined)) await tx.update(sib).set(form).where(eq(sib.id, 1));
      const after = (await readSib(tx))!;
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'PUT /admin/sib/1',
        resource: 'sib',
        recordId: 1,
        before,
        after,
      });
      return after;
    });
  });

  const agenceFiles = ['logoId', 'logoFooterId', 'imageId'] as const;
  const readAgence = async (dbOrTx: Db | Tx) => {
    const rows = await dbOrTx.select().from(agence).where(eq(agence.id, 1));
    return (await withMedia(dbOrTx, rows, agenceFiles))[0] ?? null;
  };

  app.get('/agence/1', { schema: { tags } }, async () => {
    const record = await readAgence(db);
    if (!record) throw notFound('Fiche de l’agence introuvable.');
    return record;
  });

  app.put('/agence/1', { schema: { tags } }, async (request) => {
    const form = parseFormBody(z.partial(agenceSchema), request.body);
    return db.transaction(async (tx) => {
      await checkMediaRefs(
        tx,
        agenceFiles.map((field) => [field, form[field], 'image']),
      );
      const before = await readAgence(tx);
      if (!before) {
        // The reference data makes the row; should it be missing, the form must name the agency.
        const full = parseFormBody(agenceSchema, request.body);
        await tx.insert(agence).values({ ...full, id: 1 });
      } else if (Object.values(form).some((v) => v !== undefined)) {
        await tx.update(agence).set(form).where(eq(agence.id, 1));
      }
      const after = (await readAgence(tx))!;
      await recordAudit(tx, {
        userId: currentUser(request).id,
        action: 'PUT /admin/agence/1',
        resource: 'agence',
        recordId: 1,
        before: before ?? {},
        after,
      });
      return after;
    });
  });
};

/** The fields a change names, over the record's own. */
function stripUndefined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
