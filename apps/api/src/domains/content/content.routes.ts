import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '@salon/shared';
import type { Db } from '../../db/client';
import { agence, bannieres, galeries, partenaires, partenairesPresses, sib, temoignages } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { assertQueryKeys, parseFilters, type FilterCondition } from '../../lib/query';
import { loadMedia } from '../files/media.service';
import {
  booleanValue,
  orderBy,
  paginationMeta,
  parsePagination,
  parsePopulate,
  parseSort,
  splitOr,
  type Page,
} from '../../lib/query-params';

/** Content lists are short (a few dozen rows at most): one page of up to 100 unless asked. */
const LIST_PAGE = { defaultPageSize: 100, maxPageSize: 100 };
const PLACEMENTS = ['Haut', 'Bas'] as const;
type Placement = (typeof PLACEMENTS)[number];

/**
 * The web client calls `sib/`, `bannieres/`...: the router answers each path with and without the
 * slash (routerOptions.ignoreTrailingSlash in app.ts), as one route.
 */
function getBoth(app: FastifyInstance, path: string, options: RouteShorthandOptions, handler: RouteHandlerMethod) {
  app.get(path, options, handler);
}

const query = (request: { query: unknown }) => request.query as Record<string, unknown>;

function eqOrIn(f: FilterCondition): string[] {
  if (f.op !== '$eq' && f.op !== '$in') throw badRequest(`Opérateur ${f.op} non pris en charge pour ${f.path}.`);
  const values = [f.value].flat();
  if (!values.every((v) => typeof v === 'string' || typeof v === 'number')) {
    throw badRequest(`Valeur invalide pour ${f.path}.`);
  }
  return values.map(String);
}

function placementsOf(f: FilterCondition): Placement[] {
  const values = eqOrIn(f);
  for (const v of values) {
    if (!(PLACEMENTS as readonly string[]).includes(v)) {
      throw badRequest(`Emplacement inconnu : ${v}. Valeurs possibles : ${PLACEMENTS.join(', ')}.`);
    }
  }
  return values as Placement[];
}

/** `filters[actif]=1|true|0|false`: public lists only ever show active rows, so false finds nothing. */
function activeWanted(conditions: FilterCondition[]): boolean {
  return conditions
    .filter((f) => f.path === 'actif')
    .every((f) => {
      if (f.op !== '$eq') throw badRequest(`Opérateur ${f.op} non pris en charge pour actif.`);
      return booleanValue(f.value, 'actif');
    });
}

const emptyPage = (page: Page) => ({ data: [], meta: { pagination: paginationMeta(page, 0) } });

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['content'];

  getBoth(app, '/sib', { schema: { tags } }, async (request) => {
    assertQueryKeys(query(request), ['populate']);
    // Media are always included; populate is accepted as the client sends it.
    parsePopulate(query(request).populate, [
      'logo_sponsor_officiel',
      'logo_pays_invite_honneur',
      'media_full_background',
    ]);
    const [row] = await db.select().from(sib).where(eq(sib.id, 1));
    if (!row) throw notFound();
    const m = await loadMedia(db, [row.logoSponsorOfficielId, row.logoPaysInviteHonneurId, row.mediaFullBackgroundId]);
    return {
      data: {
        id: row.id,
        logo_sponsor_officiel: m.get(row.logoSponsorOfficielId),
        logo_pays_invite_honneur: m.get(row.logoPaysInviteHonneurId),
        media_full_background: m.get(row.mediaFullBackgroundId),
      },
      meta: {},
    };
  });

  getBoth(app, '/agence', { schema: { tags } }, async (request) => {
    assertQueryKeys(query(request), ['populate']);
    parsePopulate(query(request).populate, ['logo', 'logo_footer', 'image']);
    const [row] = await db.select().from(agence).where(eq(agence.id, 1));
    if (!row) throw notFound();
    const m = await loadMedia(db, [row.logoId, row.logoFooterId, row.imageId]);
    return {
      data: {
        id: row.id,
        name: row.name,
        email: row.email,
        website: row.website,
        logo: m.get(row.logoId),
        logo_footer: m.get(row.logoFooterId),
        image: m.get(row.imageId),
      },
      meta: {},
    };
  });

  getBoth(app, '/temoignages', { schema: { tags } }, async (request) => {
    const q = query(request);
    assertQueryKeys(q, ['populate', 'sort', 'pagination', 'filters']);
    parseFilters(q.filters, []);
    parsePopulate(q.populate, ['photo']);
    const sort = parseSort(q.sort, ['position', 'id']);
    const page = parsePagination(q.pagination, LIST_PAGE);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(temoignages)
        .orderBy(
          ...orderBy(
            sort,
            [
              { field: 'position', direction: 'asc' },
              { field: 'id', direction: 'asc' },
            ],
            { position: temoignages.position, id: temoignages.id },
            temoignages.id,
          ),
        )
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ n: count() }).from(temoignages),
    ]);
    const m = await loadMedia(
      db,
      rows.map((r) => r.photoId),
    );
    const data = rows.map((r) => ({
      id: r.id,
      position: r.position,
      author: r.author,
      roleFr: r.roleFr,
      roleEn: r.roleEn,
      quoteFr: r.quoteFr,
      quoteEn: r.quoteEn,
      photo: m.get(r.photoId),
    }));
    return { data, meta: { pagination: paginationMeta(page, total?.n ?? 0) } };
  });

  getBoth(app, '/galeries', { schema: { tags } }, async (request) => {
    const q = query(request);
    assertQueryKeys(q, ['populate', 'sort', 'pagination', 'filters']);
    parseFilters(q.filters, []);
    parsePopulate(q.populate, ['image']);
    const sort = parseSort(q.sort, ['position', 'id']);
    const page = parsePagination(q.pagination, LIST_PAGE);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(galeries)
        .orderBy(
          ...orderBy(
            sort,
            [{ field: 'position', direction: 'asc' }],
            { position: galeries.position, id: galeries.id },
            galeries.id,
          ),
        )
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ n: count() }).from(galeries),
    ]);
    const m = await loadMedia(
      db,
      rows.map((r) => r.imageId),
    );
    const data = rows.map((r) => ({
      id: r.id,
      position: r.position,
      captionFr: r.captionFr,
      captionEn: r.captionEn,
      image: m.get(r.imageId),
    }));
    return { data, meta: { pagination: paginationMeta(page, total?.n ?? 0) } };
  });

  for (const [path, table] of [
    ['/partenaires', partenaires],
    ['/partenaires-presses', partenairesPresses],
  ] as const) {
    getBoth(app, path, { schema: { tags } }, async (request) => {
      const q = query(request);
      assertQueryKeys(q, ['populate', 'sort', 'pagination', 'filters']);
      const conditions = parseFilters(q.filters, ['actif']);
      parsePopulate(q.populate, ['logo']);
      const sort = parseSort(q.sort, ['position', 'id', 'name']);
      const page = parsePagination(q.pagination, LIST_PAGE);
      if (!activeWanted(conditions)) return emptyPage(page);
      const where = eq(table.actif, true);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(
            ...orderBy(
              sort,
              [
                { field: 'position', direction: 'asc' },
                { field: 'id', direction: 'asc' },
              ],
              { position: table.position, id: table.id, name: table.name },
              table.id,
            ),
          )
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ n: count() }).from(table).where(where),
      ]);
      const m = await loadMedia(
        db,
        rows.map((r) => r.logoId),
      );
      const data = rows.map((r) => ({
        id: r.id,
        name: r.name,
        url: r.url,
        actif: r.actif,
        position: r.position,
        logo: m.get(r.logoId),
      }));
      return { data, meta: { pagination: paginationMeta(page, total?.n ?? 0) } };
    });
  }

  /**
   * Active banners, newest first. The web client asks for both placements in one call
   * (`filters[$or][0][emplacement]=Haut&filters[$or][1][emplacement]=Bas` or
   * `filters[emplacement][$in]=...`, `pagination[pageSize]=1`) and shows one banner per
   * placement. A plain page of 1 would drop one placement, so when the filter names both
   * placements the pagination applies to each placement: the answer holds the newest
   * `pageSize` banners of each (Haut first), and `meta.pagination.perPlacement` is true.
   */
  getBoth(app, '/bannieres', { schema: { tags } }, async (request) => {
    const q = query(request);
    assertQueryKeys(q, ['populate', 'sort', 'pagination', 'filters']);
    const { rest, or } = splitOr(q.filters);
    const conditions = parseFilters(rest, ['actif', 'emplacement']);
    parsePopulate(q.populate, ['fichier_desktop', 'fichier_mobile']);
    const sort = parseSort(q.sort, ['id', 'createdAt']);
    const page = parsePagination(q.pagination, { defaultPageSize: PAGE_SIZE.banners, maxPageSize: 100 });

    // The placements asked: every emplacement condition narrows; a $or group is a union.
    let placements: Placement[] | null = null;
    const narrow = (values: Placement[]) => {
      placements = placements ? placements.filter((p) => values.includes(p)) : [...new Set(values)];
    };
    for (const f of conditions) if (f.path === 'emplacement') narrow(placementsOf(f));
    if (or.length) {
      const union = new Set<Placement>();
      for (const group of or) {
        const groupConditions = parseFilters(group, ['emplacement']);
        if (!groupConditions.length) throw badRequest('Groupe filters[$or] vide.');
        let groupPlacements: Placement[] = [...PLACEMENTS];
        for (const f of groupConditions) {
          const values = placementsOf(f);
          groupPlacements = groupPlacements.filter((p) => values.includes(p));
        }
        for (const p of groupPlacements) union.add(p);
      }
      narrow([...union]);
    }
    const asked = placements as Placement[] | null;
    if (!activeWanted(conditions) || asked?.length === 0) return emptyPage(page);

    const order = orderBy(
      sort,
      [{ field: 'id', direction: 'desc' }],
      { id: bannieres.id, createdAt: bannieres.createdAt },
      bannieres.id,
    );
    const bannerPage = async (where: SQL) => {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bannieres)
          .where(where)
          .orderBy(...order)
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ n: count() }).from(bannieres).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    };
    const active = eq(bannieres.actif, true);
    const perPlacement = asked !== null && asked.length > 1;
    const pages = perPlacement
      ? await Promise.all(
          PLACEMENTS.filter((p) => asked.includes(p)).map((p) =>
            bannerPage(and(active, eq(bannieres.emplacement, p))!),
          ),
        )
      : [await bannerPage(asked ? and(active, inArray(bannieres.emplacement, asked))! : active)];

    const rows = pages.flatMap((p) => p.rows);
    const m = await loadMedia(
      db,
      rows.flatMap((r) => [r.fichierDesktopId, r.fichierMobileId]),
    );
    const data = rows.map((r) => ({
      id: r.id,
      actif: r.actif,
      emplacement: r.emplacement,
      lien: r.lien,
      fichier_desktop: m.get(r.fichierDesktopId),
      fichier_mobile: m.get(r.fichierMobileId),
    }));
    const total = pages.reduce((sum, p) => sum + p.total, 0);
    const pagination = perPlacement
      ? {
          page: page.page,
          pageSize: page.pageSize,
          pageCount: Math.max(...pages.map((p) => Math.ceil(p.total / page.pageSize))),
          total,
          perPlacement: true,
        }
      : paginationMeta(page, total);
    return { data, meta: { pagination } };
  });
};
