import { beforeAll, describe, expect, it } from 'vitest';
import { bannieres, partenaires, partenairesPresses } from '../../db/schema';
import { createMedia } from '../../../test/fixtures';
import { ctx, get, type ListBody, mediaOf, type MediaView, refused, useContentScene } from './content.test-support';

/**
 * The partners, press partners and banners as the site's home page calls them: active ones
 * only, in their order, with their files.
 */

useContentScene();

describe.each([
  ['partenaires', partenaires],
  ['partenaires-presses', partenairesPresses],
] as const)('GET %s/', (path, table) => {
  let active: number[];
  beforeAll(async () => {
    const logo = await createMedia(ctx.db);
    const rows = await ctx.db
      .insert(table)
      .values([
        { name: 'B', position: 1, actif: true, logoId: logo.id, url: 'https://example.com/b' },
        { name: 'Caché', position: 0, actif: false },
        { name: 'A', position: 0, actif: true },
        { name: 'C', position: 1, actif: true },
      ])
      .returning();
    active = [rows[2]!.id, rows[0]!.id, rows[3]!.id];
  });

  it('lists only active partners, by position then id, with their logo', async () => {
    const body = await get<ListBody<Record<string, unknown>>>(
      `${path}/?filters[actif]=1&populate=logo&sort[0]=position:asc&sort[1]=id:asc`,
    );
    expect(body.data.map((p) => p.id)).toEqual(active);
    expect(body.data[1]).toMatchObject({
      name: 'B',
      url: 'https://example.com/b',
      actif: true,
      position: 1,
      logo: { url: expect.stringMatching(/^\/uploads\/test\//) as unknown },
    });
    expect(body.data[0]).toMatchObject({ name: 'A', url: null, logo: null });
    expect(body.meta.pagination.total).toBe(3);
  });

  it('takes the generic service’s default sort, rank then id, as their position then id', async () => {
    const body = await get<ListBody<{ id: number }>>(`${path}/?sort[0]=rank:asc&sort[1]=id:asc`);
    expect(body.data.map((p) => p.id)).toEqual(active);
    const reversed = await get<ListBody<{ id: number }>>(`${path}/?sort=rank:desc,id:desc`);
    expect(reversed.data.map((p) => p.id)).toEqual([...active].reverse());
  });

  it('never shows inactive partners, even when asked for them', async () => {
    expect((await get<ListBody<unknown>>(`${path}/`)).data.length).toBe(3);
    expect((await get<ListBody<unknown>>(`${path}/?filters[actif]=true`)).data.length).toBe(3);
    const inactive = await get<ListBody<unknown>>(`${path}/?filters[actif]=0`);
    expect(inactive.data).toEqual([]);
  });

  it('refuses a filter other than actif', async () => {
    const error = await refused(`${path}/?filters[name][$containsi]=a`);
    expect(error.message).toBe('Filtre non autorisé : filters[name].');
  });

  it('refuses an actif value that is not a boolean', async () => {
    const error = await refused(`${path}/?filters[actif]=maybe`);
    expect(error.message).toMatch(/^Valeur booléenne attendue pour actif/);
  });
});

describe('GET bannieres/', () => {
  interface BannerView {
    id: number;
    actif: boolean;
    emplacement: string;
    lien: string | null;
    fichier_desktop: MediaView | null;
    fichier_mobile: MediaView | null;
  }
  let oldTop: number;
  let newTop: number;
  let bottom: number;
  let desktop: { id: number; path: string };
  beforeAll(async () => {
    desktop = await createMedia(ctx.db);
    const mobile = await createMedia(ctx.db);
    const insert = async (values: typeof bannieres.$inferInsert) =>
      (await ctx.db.insert(bannieres).values(values).returning())[0]!.id;
    oldTop = await insert({ emplacement: 'Haut', actif: true, lien: '/ancien' });
    bottom = await insert({
      emplacement: 'Bas',
      actif: true,
      fichierDesktopId: desktop.id,
      fichierMobileId: mobile.id,
    });
    newTop = await insert({ emplacement: 'Haut', actif: true, lien: '/exposer', fichierDesktopId: desktop.id });
    // Newer, but inactive: never shown.
    await insert({ emplacement: 'Haut', actif: false });
    await insert({ emplacement: 'Bas', actif: false });
  });

  const both = [
    'bannieres/?sort=id:desc&pagination[pageSize]=1&filters[actif]=1&filters[emplacement][$in][]=Haut&filters[emplacement][$in][]=Bas&populate=fichier_desktop,fichier_mobile',
    'bannieres/?sort=id:desc&pagination[pageSize]=1&filters[actif]=true&filters[$or][0][emplacement]=Haut&filters[$or][1][emplacement]=Bas&populate[0]=fichier_desktop&populate[1]=fichier_mobile',
    'bannieres/?sort=id:desc&pagination[pageSize]=1&filters[actif]=1&filters[emplacement][$in][0]=Bas&filters[emplacement][$in][1]=Haut',
  ];

  it('gives the newest active banner of each placement when both are asked with a page of 1', async () => {
    for (const url of both) {
      const body = await get<ListBody<BannerView>>(url);
      expect(
        body.data.map((b) => [b.emplacement, b.id]),
        url,
      ).toEqual([
        ['Haut', newTop],
        ['Bas', bottom],
      ]);
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 1, pageCount: 2, total: 3, perPlacement: true });
    }
  });

  it('gives each banner’s link and media', async () => {
    const body = await get<ListBody<BannerView>>(both[0]!);
    expect(body.data[0]).toEqual({
      id: newTop,
      actif: true,
      emplacement: 'Haut',
      lien: '/exposer',
      fichier_desktop: mediaOf(desktop),
      fichier_mobile: null,
    });
    expect(body.data[1]!.fichier_mobile?.formats.small.url).toMatch(/^\/uploads\/test\//);
  });

  it('gives the newest active banner of one placement', async () => {
    const body = await get<ListBody<BannerView>>(
      'bannieres/?sort=id:desc&pagination[pageSize]=1&filters[actif]=1&filters[emplacement]=Haut',
    );
    expect(body.data.map((b) => b.id)).toEqual([newTop]);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 1, pageCount: 2, total: 2 });
    const second = await get<ListBody<BannerView>>(
      'bannieres/?pagination[pageSize]=1&pagination[page]=2&filters[emplacement]=Haut',
    );
    expect(second.data.map((b) => b.id)).toEqual([oldTop]);
  });

  it('never shows inactive banners', async () => {
    const all = await get<ListBody<BannerView>>('bannieres/?pagination[pageSize]=50');
    expect(all.data.map((b) => b.id)).toEqual([newTop, bottom, oldTop]);
    expect(all.data.every((b) => b.actif)).toBe(true);
    expect((await get<ListBody<BannerView>>('bannieres/?filters[actif]=0')).data).toEqual([]);
  });

  it('refuses an unknown placement', async () => {
    const error = await refused('bannieres/?filters[emplacement]=Milieu');
    expect(error.message).toBe('Emplacement inconnu : Milieu. Valeurs possibles : Haut, Bas.');
  });

  it('refuses a filter other than actif and emplacement, also inside $or', async () => {
    expect((await refused('bannieres/?filters[lien]=x')).message).toBe('Filtre non autorisé : filters[lien].');
    expect((await refused('bannieres/?filters[$or][0][lien]=x')).message).toBe('Filtre non autorisé : filters[lien].');
  });

  it('refuses an unknown sort field and a bad page size', async () => {
    expect((await refused('bannieres/?sort=lien:asc')).message).toBe('Tri non autorisé : lien.');
    expect((await refused('bannieres/?pagination[pageSize]=abc')).message).toBe(
      'pagination[pageSize] doit être un entier positif.',
    );
    expect((await refused('bannieres/?pagination[limit]=5')).message).toBe(
      'Paramètre de pagination non autorisé : pagination[limit].',
    );
  });
});
