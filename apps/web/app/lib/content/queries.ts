const byPosition = ['position:asc', 'id:asc'];

/** The queries of the specification's content calls (section 7), each read through its declared call. */
export const contentQueries = {
  sib: { populate: ['logo_sponsor_officiel', 'logo_pays_invite_honneur', 'media_full_background'] },
  agence: { populate: ['logo', 'logo_footer', 'image'] },
  temoignages: { sort: byPosition },
  // Both placements in one call: the newest active banner of each.
  bannieres: {
    sort: 'id:desc',
    pagination: { pageSize: 1 },
    filters: { actif: 1, emplacement: { $in: ['Haut', 'Bas'] } },
    populate: ['fichier_desktop', 'fichier_mobile'],
  },
  galeries: { sort: 'position:asc', populate: 'image' },
  partenaires: { filters: { actif: 1 }, populate: 'logo', sort: byPosition },
  partenairesPresses: { filters: { actif: 1 }, populate: 'logo', sort: byPosition },
  sectors: { filters: { kind: 'page' } },
};
