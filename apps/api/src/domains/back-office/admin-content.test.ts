import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, halls, partenaires, partenairesPresses } from '../../db/schema';
import { createMedia } from '../../../test/fixtures';
import {
  admin,
  ctx,
  listQuery,
  type Media,
  ok,
  organiser,
  publicGet,
  refused,
  uploadImage,
  useAdminContentScene,
} from './admin-content.test-support';

/**
 * The back-office's content of the home page: banners, partners, the gallery and testimonials,
 * changed by an organiser and shown on the site at once, each change in the audit log (the
 * show's own records: admin-show-content.test.ts).
 */

useAdminContentScene();

/** The home page's banner call (lib/content/queries.ts). */
const HOME_BANNERS =
  'bannieres/?sort=id:desc&pagination[pageSize]=1&filters[actif]=1&filters[emplacement][$in][0]=Haut' +
  '&filters[emplacement][$in][1]=Bas&populate[0]=fichier_desktop&populate[1]=fichier_mobile';

describe('Banners', () => {
  interface Banner {
    id: number;
    actif: boolean;
    emplacement: string;
    lien: string | null;
    fichierDesktopId: number;
    fichierDesktop: Media | null;
    fichierMobile: Media | null;
  }

  it('an organiser uploads a banner and the home page shows it at once', async () => {
    // The home page was read before: nothing may keep the old answer.
    expect(await publicGet<unknown[]>(HOME_BANNERS)).toEqual([]);
    const desktop = await uploadImage('bandeau-ordinateur.png');
    const mobile = await uploadImage('bandeau-mobile.png');
    const banner = await ok<Banner>('POST', 'bannieres', {
      emplacement: 'Haut',
      actif: true,
      lien: 'https://exposant.example.com/offre',
      fichierDesktopId: desktop.id,
      fichierMobileId: mobile.id,
    });
    expect(banner).toMatchObject({
      actif: true,
      emplacement: 'Haut',
      fichierDesktop: { id: desktop.id, url: desktop.url },
      fichierMobile: { id: mobile.id, url: mobile.url },
    });

    const shown =
      await publicGet<{ id: number; lien: string; fichier_desktop: Media; fichier_mobile: Media }[]>(HOME_BANNERS);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      id: banner.id,
      lien: 'https://exposant.example.com/offre',
      fichier_desktop: { url: desktop.url },
      fichier_mobile: { url: mobile.url },
    });

    // Turned off, it leaves the home page at once.
    await ok('PUT', `bannieres/${banner.id}`, { ...banner, actif: false });
    expect(await publicGet<unknown[]>(HOME_BANNERS)).toEqual([]);
  });

  it('lists the banners with their files, filtered by placement and state', async () => {
    const image = await createMedia(ctx.db);
    const bas = await ok<Banner>('POST', 'bannieres', { emplacement: 'Bas', fichierDesktopId: image.id });
    expect(bas.actif).toBe(true);
    const res = await admin('GET', `bannieres${listQuery({ emplacement: 'Bas', actif: true })}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<Banner[]>();
    expect(rows.map((b) => b.id)).toEqual([bas.id]);
    expect(rows[0]!.fichierDesktop).toMatchObject({ id: image.id, url: `/uploads/${image.path}` });
    expect(res.headers['content-range']).toBe('bannieres 0-0/1');
    const bad = await refused('GET', `bannieres${listQuery({ emplacement: 'Milieu' })}`, undefined);
    expect(bad.message).toBe('Filtre emplacement : Haut, Bas.');
  });

  it('refuses a banner without its desktop image, in an unknown place, or with a script as link', async () => {
    const error = await refused('POST', 'bannieres', { emplacement: 'Milieu', lien: 'javascript:alert(1)' });
    expect(error.message).toBe('Données invalides.');
    expect(error.details.errors).toEqual(
      expect.arrayContaining([
        { path: ['body', 'emplacement'], message: 'Emplacement : Haut ou Bas.' },
        { path: ['body', 'lien'], message: 'Adresse http(s)://… ou chemin du site commençant par /.' },
        { path: ['body', 'fichierDesktopId'], message: 'required' },
      ]),
    );
  });

  it('refuses a file that does not exist or is not an image', async () => {
    const pdf = await createMedia(ctx.db, { mime: 'application/pdf', name: 'plan.pdf' });
    const error = await refused('POST', 'bannieres', {
      emplacement: 'Haut',
      fichierDesktopId: pdf.id,
      fichierMobileId: 999999,
    });
    expect(error.details.errors).toEqual([
      { path: ['body', 'fichierDesktopId'], message: 'Une image est attendue (PNG, JPEG ou WebP).' },
      { path: ['body', 'fichierMobileId'], message: 'Fichier introuvable : envoyez-le d’abord.' },
    ]);
  });

  it('deletes a banner, answers it, and says when there is none', async () => {
    const banner = await ok<Banner>('POST', 'bannieres', {
      emplacement: 'Bas',
      fichierDesktopId: (await createMedia(ctx.db)).id,
    });
    expect((await ok<Banner>('DELETE', `bannieres/${banner.id}`)).id).toBe(banner.id);
    expect((await refused('GET', `bannieres/${banner.id}`, undefined, 404)).message).toBe('Bannière introuvable.');
    expect((await refused('PUT', `bannieres/${banner.id}`, { actif: true }, 404)).message).toBe(
      'Bannière introuvable.',
    );
    expect((await refused('DELETE', 'bannieres/abc', undefined)).message).toBe(
      'Identifiant invalide : un entier positif est attendu.',
    );
  });
});

describe('Partners and press partners', () => {
  interface Partner {
    id: number;
    name: string;
    position: number;
    actif: boolean;
    logo: Media | null;
  }
  const publicNames = async (path: string) =>
    (
      await publicGet<{ name: string }[]>(`${path}/?filters[actif]=1&populate=logo&sort[0]=position:asc&sort[1]=id:asc`)
    ).map((p) => p.name);

  it('an organiser adds partners at the end, reorders them, and the home page follows', async () => {
    const logo = await uploadImage('logo-atlas.png');
    const a = await ok<Partner>('POST', 'partenaires', {
      name: 'Atlas Ciment',
      url: 'https://atlas.example.com',
      logoId: logo.id,
    });
    const b = await ok<Partner>('POST', 'partenaires', { name: 'Béton Sud' });
    const c = await ok<Partner>('POST', 'partenaires', { name: 'Carrières du Nord' });
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
    expect(a.logo).toMatchObject({ id: logo.id, url: logo.url });
    expect(await publicNames('partenaires')).toEqual(['Atlas Ciment', 'Béton Sud', 'Carrières du Nord']);

    const reordered = await ok<Partner[]>('POST', 'partenaires/reorder', { ids: [c.id, a.id] });
    expect(reordered.map((p) => [p.name, p.position])).toEqual([
      ['Carrières du Nord', 1],
      ['Atlas Ciment', 2],
      ['Béton Sud', 3],
    ]);
    expect(await publicNames('partenaires')).toEqual(['Carrières du Nord', 'Atlas Ciment', 'Béton Sud']);

    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'POST /admin/partenaires/reorder'));
    expect(entry).toMatchObject({ userId: organiser.id, resource: 'partenaires', recordId: `${c.id},${a.id}` });
    expect((entry!.after as { order: { id: number }[] }).order.map((p) => p.id)).toEqual([c.id, a.id, b.id]);

    // A position typed in the edit form works too; an inactive partner leaves the site.
    await ok('PUT', `partenaires/${b.id}`, { position: 0 });
    await ok('PUT', `partenaires/${c.id}`, { actif: false });
    expect(await publicNames('partenaires')).toEqual(['Béton Sud', 'Atlas Ciment']);
    const inactive = await ok<Partner[]>('GET', `partenaires${listQuery({ actif: false })}`);
    expect(inactive.map((p) => p.name)).toEqual(['Carrières du Nord']);
  });

  it('reorders the press partners apart from the partners', async () => {
    const [x] = await ctx.db.insert(partenairesPresses).values({ name: 'Le Journal du BTP', position: 1 }).returning();
    const [y] = await ctx.db.insert(partenairesPresses).values({ name: 'Chantiers Magazine', position: 2 }).returning();
    const before = await ctx.db.select().from(partenaires);
    await ok('POST', 'partenaires-presses/reorder', { ids: [y!.id, x!.id] });
    expect(await publicNames('partenaires-presses')).toEqual(['Chantiers Magazine', 'Le Journal du BTP']);
    expect(await ctx.db.select().from(partenaires)).toEqual(before);
  });

  it('refuses a reorder naming an unknown partner, twice the same one, or nothing', async () => {
    expect((await refused('POST', 'partenaires/reorder', { ids: [999999] })).message).toBe(
      'Partenaire introuvable : 999999.',
    );
    expect((await refused('POST', 'partenaires-presses/reorder', { ids: [999999] })).message).toBe(
      'Partenaire presse introuvable : 999999.',
    );
    const [p] = await ctx.db.select().from(partenaires).limit(1);
    expect((await refused('POST', 'partenaires/reorder', { ids: [p!.id, p!.id] })).details.errors).toEqual([
      { path: ['body', 'ids'], message: 'ids : chaque identifiant une seule fois.' },
    ]);
    expect((await refused('POST', 'partenaires/reorder', { ids: [] })).details.errors).toEqual([
      { path: ['body', 'ids'], message: 'ids : au moins un identifiant.' },
    ]);
  });

  it('refuses a partner without a name, with a long name or a bad address', async () => {
    const error = await refused('POST', 'partenaires', { name: '  ', url: 'ftp://x', position: -1 });
    expect(error.details.errors).toEqual([
      { path: ['body', 'name'], message: 'required' },
      { path: ['body', 'url'], message: 'Adresse http(s)://… ou chemin du site commençant par /.' },
      { path: ['body', 'position'], message: 'Position : 0 ou plus.' },
    ]);
    expect((await refused('POST', 'partenaires-presses', { name: 'x'.repeat(201) })).details.errors).toEqual([
      { path: ['body', 'name'], message: '200 caractères au plus.' },
    ]);
  });

  it('takes back the whole record as react-admin’s forms send it, an emptied position included', async () => {
    const created = await ok<Partner>('POST', 'partenaires-presses', {
      name: 'Revue du Bâtiment',
      position: null,
      logoId: null,
    });
    const others = await ok<Partner[]>('GET', 'partenaires-presses');
    expect(created.position).toBe(Math.max(...others.filter((p) => p.id !== created.id).map((p) => p.position)) + 1);
    const changed = await ok<Partner>('PUT', `partenaires-presses/${created.id}`, {
      ...created,
      name: 'Revue du Bâtiment et des TP',
      position: null,
    });
    expect(changed).toMatchObject({ name: 'Revue du Bâtiment et des TP', position: created.position, logo: null });
  });

  it('searches partners by name', async () => {
    const rows = await ok<Partner[]>('GET', `partenaires${listQuery({ q: 'atlas' })}`);
    expect(rows.map((p) => p.name)).toEqual(['Atlas Ciment']);
  });
});

describe('Gallery and testimonials', () => {
  it('keeps a photo’s caption in each language as one value, and changes one language without the other', async () => {
    const photo = await uploadImage('hall-2.png');
    const item = await ok<{ id: number }>('POST', 'galeries', { imageId: photo.id, caption: { fr: 'Le hall 2' } });
    const created = await ok<{ caption: unknown }>('GET', `galeries/${item.id}`);
    expect(created.caption).toEqual({ fr: 'Le hall 2', en: null });
    await ok('PUT', `galeries/${item.id}`, { caption: { en: 'Hall 2' } });
    await ok('PUT', `galeries/${item.id}`, { caption: { fr: 'Le hall 2 au matin' } });
    const changed = await ok<{ caption: unknown }>('GET', `galeries/${item.id}`);
    expect(changed.caption).toEqual({ fr: 'Le hall 2 au matin', en: 'Hall 2' });
    expect((await ok<{ id: number }[]>('GET', `galeries${listQuery({ q: 'hall 2' })}`)).map((r) => r.id)).toEqual([
      item.id,
    ]);
    expect((await refused('PUT', `galeries/${item.id}`, { caption: { de: 'Halle 2' } })).details.errors).toEqual([
      expect.objectContaining({ path: ['body', 'caption'] }),
    ]);
    await ok('DELETE', `galeries/${item.id}`);
  });

  it('an organiser adds a photo and a testimonial, and the home page shows them', async () => {
    const photo = await uploadImage('hall-1.png');
    const item = await ok<{ id: number; position: number }>('POST', 'galeries', {
      imageId: photo.id,
      caption: { fr: 'Le hall 1 à l’ouverture', en: 'Hall 1 at opening' },
    });
    expect(item.position).toBe(1);
    const gallery = await publicGet<{ id: number; captionFr: string; image: Media }[]>(
      'galeries/?sort=position:asc&populate=image',
    );
    expect(gallery).toEqual([
      expect.objectContaining({
        id: item.id,
        captionFr: 'Le hall 1 à l’ouverture',
        image: expect.objectContaining({ url: photo.url }) as unknown,
      }),
    ]);

    const quote = await ok<{ id: number }>('POST', 'temoignages', {
      author: 'Samira Benali',
      role: { fr: 'Directrice, Béton Sud', en: 'Director, Béton Sud' },
      quote: { fr: 'Trois jours, quarante rendez-vous.', en: 'Three days, forty meetings.' },
    });
    await ok('PUT', `temoignages/${quote.id}`, { quote: { fr: 'Trois jours, cinquante rendez-vous.' } });
    const testimonials = await publicGet<{ author: string; quoteFr: string; quoteEn: string }[]>(
      'temoignages/?sort[0]=position:asc&sort[1]=id:asc',
    );
    expect(testimonials).toEqual([
      expect.objectContaining({
        author: 'Samira Benali',
        quoteFr: 'Trois jours, cinquante rendez-vous.',
        quoteEn: 'Three days, forty meetings.',
      }),
    ]);

    await ok('DELETE', `galeries/${item.id}`);
    expect(await publicGet<unknown[]>('galeries/?sort=position:asc&populate=image')).toEqual([]);
  });

  it('refuses a testimonial without its quotes and a photo without its image', async () => {
    expect((await refused('POST', 'temoignages', { author: 'A' })).details.errors).toEqual([
      { path: ['body', 'quote'], message: 'required' },
    ]);
    expect((await refused('POST', 'temoignages', { author: 'A', quote: { fr: 'Utile.' } })).details.errors).toEqual([
      { path: ['body', 'quote', 'en'], message: 'required' },
    ]);
    const quote = await ok<{ id: number }>('POST', 'temoignages', {
      author: 'A',
      quote: { fr: 'Utile.', en: 'Useful.' },
    });
    expect((await refused('PUT', `temoignages/${quote.id}`, { quote: { en: ' ' } })).details.errors).toEqual([
      { path: ['body', 'quote', 'en'], message: 'required' },
    ]);
    await ok('DELETE', `temoignages/${quote.id}`);
    expect((await refused('POST', 'galeries', { caption: { fr: 'x' } })).details.errors).toEqual([
      { path: ['body', 'imageId'], message: 'required' },
    ]);
    const [g] = await ctx.db.select().from(halls).limit(1);
    expect((await refused('PUT', `galeries/${g!.id + 100000}`, { caption: { fr: 'x' } }, 404)).message).toBe(
      'Photo introuvable.',
    );
  });
});
