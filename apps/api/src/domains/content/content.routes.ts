import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getAgence,
  getBanners,
  getGalleries,
  getPartners,
  getPressPartners,
  getSib,
  getTestimonials,
  PAGE_SIZE,
} from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { parseFilters, type FilterCondition } from '../../lib/strapi-filters';
import {
  booleanValue,
  paginationMeta,
  parsePagination,
  parsePopulate,
  parseSort,
  splitOr,
  type Page,
} from '../../lib/list-params';
import {
  listBanners,
  listGallery,
  listPartners,
  listTestimonials,
  PLACEMENTS,
  readAgence,
  readSib,
  type Placement,
} from './content.service';

/** Content lists are short (a few dozen rows at most): one page of up to 100 unless asked. */
const LIST_PAGE = { defaultPageSize: 100, maxPageSize: 100 };

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
  route(app, getSib, {}, async (request) => {
    // Media are always included; populate is accepted as the client sends it.
    parsePopulate(request.query.populate, [
      'logo_sponsor_officiel',
      'logo_pays_invite_honneur',
      'media_full_background',
    ]);
    const data = await readSib(db);
    if (!data) throw notFound();
    return { data, meta: {} };
  });

  route(app, getAgence, {}, async (request) => {
    parsePopulate(request.query.populate, ['logo', 'logo_footer', 'image']);
    const data = await readAgence(db);
    if (!data) throw notFound();
    return { data, meta: {} };
  });

  route(app, getTestimonials, {}, async (request) => {
    const q = request.query;
    parseFilters(q.filters, []);
    parsePopulate(q.populate, ['photo']);
    const sort = parseSort(q.sort, ['position', 'id']);
    const page = parsePagination(q.pagination, LIST_PAGE);
    const { data, total } = await listTestimonials(db, sort, page);
    return { data, meta: { pagination: paginationMeta(page, total) } };
  });

  route(app, getGalleries, {}, async (request) => {
    const q = request.query;
    parseFilters(q.filters, []);
    parsePopulate(q.populate, ['image']);
    const sort = parseSort(q.sort, ['position', 'id']);
    const page = parsePagination(q.pagination, LIST_PAGE);
    const { data, total } = await listGallery(db, sort, page);
    return { data, meta: { pagination: paginationMeta(page, total) } };
  });

  for (const [kind, partners] of [
    ['partenaires', getPartners],
    ['partenaires-presses', getPressPartners],
  ] as const) {
    route(app, partners, {}, async (request) => {
      const q = request.query;
      const conditions = parseFilters(q.filters, ['actif']);
      parsePopulate(q.populate, ['logo']);
      const sort = parseSort(q.sort, ['position', 'id', 'name']);
      const page = parsePagination(q.pagination, LIST_PAGE);
      if (!activeWanted(conditions)) return emptyPage(page);
      const { data, total } = await listPartners(db, kind, sort, page);
      return { data, meta: { pagination: paginationMeta(page, total) } };
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
  route(app, getBanners, {}, async (request) => {
    const q = request.query;
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

    const perPlacement = asked !== null && asked.length > 1;
    const { data, totals } = await listBanners(db, asked, perPlacement, sort, page);
    const total = totals.reduce((sum, n) => sum + n, 0);
    const pagination = perPlacement
      ? {
          page: page.page,
          pageSize: page.pageSize,
          pageCount: Math.max(...totals.map((n) => Math.ceil(n / page.pageSize))),
          total,
          perPlacement: true as const,
        }
      : paginationMeta(page, total);
    return { data, meta: { pagination } };
  });
};
