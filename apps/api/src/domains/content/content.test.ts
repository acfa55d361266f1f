import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agence, galeries, sib, temoignages } from '../../db/schema';
import type { Multilingual } from '../../db/schema/columns';
import { storeFile } from '../files/uploads.service';
import { createMedia } from '../../../test/fixtures';
import { ctx, get, type ListBody, mediaOf, type MediaView, refused, useContentScene } from './content.test-support';

/**
 * The public pages' content routes as the site calls them: the show and agency records, the
 * testimonials, the gallery and the uploaded files (partners and banners:
 * partners-and-banners.test.ts).
 */

useContentScene();

describe('GET sib/', () => {
  it('gives null media while the show record has none', async () => {
    const body = await get<{ data: Record<string, unknown> }>('sib/');
    expect(body.data).toEqual({
      id: 1,
      logo_sponsor_officiel: null,
      logo_pays_invite_honneur: null,
      media_full_background: null,
    });
  });

  it('gives the three media with their url and small format, whatever form populate takes', async () => {
    const [sponsor, guest, background] = [
      await createMedia(ctx.db),
      await createMedia(ctx.db),
      await createMedia(ctx.db),
    ];
    await ctx.db
      .update(sib)
      .set({
        logoSponsorOfficielId: sponsor.id,
        logoPaysInviteHonneurId: guest.id,
        mediaFullBackgroundId: background.id,
      })
      .where(eq(sib.id, 1));
    for (const url of [
      'sib/',
      'sib',
      'sib/?populate[0]=logo_sponsor_officiel&populate[1]=logo_pays_invite_honneur&populate[2]=media_full_background',
      'sib/?populate=logo_sponsor_officiel,logo_pays_invite_honneur,media_full_background',
      'sib/?populate[logo_sponsor_officiel]=true&populate[media_full_background][populate]=*',
      'sib/?populate=*',
    ]) {
      const body = await get<{ data: Record<string, MediaView> }>(url);
      expect(body.data, url).toMatchObject({
        id: 1,
        logo_sponsor_officiel: mediaOf(sponsor),
        logo_pays_invite_honneur: mediaOf(guest),
        media_full_background: mediaOf(background),
      });
    }
  });

  it('refuses a populate naming something the record does not have', async () => {
    const error = await refused('sib/?populate=logo_sponsor_officiel,password');
    expect(error.message).toBe('Relation non autorisée dans populate : password.');
  });

  it('refuses an unknown query parameter', async () => {
    const error = await refused('sib/?filters[id]=1');
    expect(error.message).toBe('Paramètre de requête non autorisé : filters.');
  });
});

describe('GET agence/', () => {
  it('gives the agency with its name, contacts and three media', async () => {
    const [logo, footer] = [await createMedia(ctx.db), await createMedia(ctx.db)];
    await ctx.db
      .update(agence)
      .set({
        name: 'Agence Atlas Événements',
        email: 'contact@agence.example.org',
        website: 'https://agence.example.org',
        logoId: logo.id,
        logoFooterId: footer.id,
        imageId: null,
      })
      .where(eq(agence.id, 1));
    const body = await get<{ data: Record<string, unknown> }>(
      'agence/?populate[0]=logo&populate[1]=logo_footer&populate[2]=image',
    );
    expect(body.data).toMatchObject({
      id: 1,
      name: 'Agence Atlas Événements',
      email: 'contact@agence.example.org',
      website: 'https://agence.example.org',
      logo: mediaOf(logo),
      logo_footer: mediaOf(footer),
      image: null,
    });
  });
});

describe('GET temoignages/', () => {
  let ids: number[];
  beforeAll(async () => {
    const photo = await createMedia(ctx.db);
    const rows = await ctx.db
      .insert(temoignages)
      .values([
        { position: 2, author: 'Troisième', role: { fr: null, en: null }, quote: { fr: 'c', en: 'c' } },
        {
          position: 1,
          author: 'Premier',
          role: { fr: 'Architecte', en: 'Architect' },
          quote: { fr: 'a', en: 'a' },
          photoId: photo.id,
        },
        { position: 1, author: 'Deuxième', role: { fr: null, en: null }, quote: { fr: 'b', en: 'b' } },
      ])
      .returning();
    ids = rows.map((r) => r.id);
  });

  it('lists testimonials by position then id, with both sort forms', async () => {
    const expected = [ids[1], ids[2], ids[0]];
    for (const url of [
      'temoignages/?sort=position:asc,id:asc',
      'temoignages/?sort[0]=position:asc&sort[1]=id:asc',
      'temoignages/',
    ]) {
      const body = await get<ListBody<{ id: number }>>(url);
      expect(
        body.data.map((t) => t.id),
        url,
      ).toEqual(expected);
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: 3 });
    }
  });

  it('gives each testimonial’s fields and photo', async () => {
    const body = await get<ListBody<Record<string, unknown>>>('temoignages/?populate=photo');
    expect(body.data[0]).toMatchObject({
      id: ids[1],
      position: 1,
      author: 'Premier',
      role: { fr: 'Architecte', en: 'Architect' },
      quote: { fr: 'a', en: 'a' },
      roleFr: 'Architecte',
      roleEn: 'Architect',
      quoteFr: 'a',
      quoteEn: 'a',
      photo: { url: expect.stringMatching(/^\/uploads\//) as unknown },
    });
    expect(body.data[1]).toMatchObject({ author: 'Deuxième', roleFr: null, photo: null });
  });

  it('sorts descending when asked', async () => {
    const body = await get<ListBody<{ id: number }>>('temoignages/?sort=position:desc,id:desc');
    expect(body.data.map((t) => t.id)).toEqual([ids[0], ids[2], ids[1]]);
  });

  it('refuses a sort on an unknown field', async () => {
    const error = await refused('temoignages/?sort=author:asc');
    expect(error).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Tri non autorisé : author.',
      details: { allowed: ['position', 'id'] },
      requestId: expect.any(String) as unknown,
    });
  });

  it('refuses a sort direction other than asc or desc', async () => {
    const error = await refused('temoignages/?sort=position:up');
    expect(error.message).toMatch(/^Sens de tri inconnu/);
  });

  it('refuses any filter', async () => {
    const error = await refused('temoignages/?filters[author]=Premier');
    expect(error.message).toBe('Filtre non autorisé : filters[author].');
  });
});

describe('GET galeries/', () => {
  it('lists the photos by position with their image and captions', async () => {
    const image = await createMedia(ctx.db);
    const [late, early] = await ctx.db
      .insert(galeries)
      .values([
        { position: 5, caption: { fr: 'Tard', en: 'Late' }, imageId: image.id },
        // Written before a language joined LANGUAGES, a caption lacks it: it reads as none.
        { position: 0, caption: { fr: 'Tôt' } as Multilingual },
      ])
      .returning();
    const body = await get<ListBody<Record<string, unknown>>>('galeries/?sort=position:asc&populate=image');
    expect(body.data).toEqual([
      { id: early!.id, position: 0, caption: { fr: 'Tôt' }, captionFr: 'Tôt', captionEn: null, image: null },
      expect.objectContaining({
        id: late!.id,
        position: 5,
        caption: { fr: 'Tard', en: 'Late' },
        captionFr: 'Tard',
        captionEn: 'Late',
        image: mediaOf(image),
      }),
    ]);
  });

  it('refuses a populate of something else', async () => {
    const error = await refused('galeries/?populate=user');
    expect(error.message).toBe('Relation non autorisée dans populate : user.');
  });
});

describe('uploaded files', () => {
  it('are served with a long cache lifetime', async () => {
    await storeFile(ctx.db, 'test/logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const res = await ctx.app.inject({ url: '/uploads/test/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
  });
});
