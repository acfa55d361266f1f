import { toQueryString } from '@salon/shared';

const q = (path: string, query: Record<string, unknown>) => `${path}?${toQueryString(query)}`;
const byPosition = ['position:asc', 'id:asc'];

/** The specification's content calls (section 7), as query strings of the content API. */
export const contentQueries = {
  sib: q('sib/', { populate: ['logo_sponsor_officiel', 'logo_pays_invite_honneur', 'media_full_background'] }),
  agence: q('agence/', { populate: ['logo', 'logo_footer', 'image'] }),
  temoignages: q('temoignages/', { sort: byPosition }),
  // Both placements in one call: the newest active banner of each.
  bannieres: q('bannieres/', {
    sort: 'id:desc',
    pagination: { pageSize: 1 },
    filters: { actif: 1, emplacement: { $in: ['Haut', 'Bas'] } },
    populate: ['fichier_desktop', 'fichier_mobile'],
  }),
  galeries: q('galeries/', { sort: 'position:asc', populate: 'image' }),
  partenaires: q('partenaires/', { filters: { actif: 1 }, populate: 'logo', sort: byPosition }),
  partenairesPresses: q('partenaires-presses/', { filters: { actif: 1 }, populate: 'logo', sort: byPosition }),
  sectors: q('sectors', { filters: { kind: 'page' } }),
};
