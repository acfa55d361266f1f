import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, exhibitorPages, exhibitorUploads, media, mediaFiles, sectors, siteSettings } from '../../db/schema';
import { call, createTestApp, login, type TestContext } from '../../../test/helper';
import {
  createCollaborator,
  createExhibitor,
  createOrganiser,
  sessionOf,
  type Exhibitor,
} from '../../../test/fixtures';
import { QUOTA_MESSAGE } from './own-page.service';
import { removeUnusedUploads } from './unused-uploads';

/** 'Fiche annuaire': an exhibitor keeps its page of the directory (`exhibitor-page`). */

let ctx: TestContext;
let exhibitor: Exhibitor;
let token: string;
let sectorIds: number[];
beforeAll(async () => {
  ctx = await createTestApp();
  exhibitor = await createExhibitor(ctx.db, { company: 'Menuiseries du Sud' });
  token = await login(ctx.app, exhibitor.user.email);
  sectorIds = (await ctx.db.select({ id: sectors.id }).from(sectors).where(eq(sectors.kind, 'choice'))).map(
    (s) => s.id,
  );
});
afterAll(() => ctx.close());

interface OwnPage {
  slug: string;
  listed: boolean;
  descriptionFr: string | null;
  sectorIds: number[];
  brands: string[];
  website: string | null;
  logo: { id: number } | null;
  documents: { id: number; mime: string; url: string }[];
}
interface ErrorBody {
  error: { message: string; details: { errors?: { path: string[]; message: string }[] } };
}

const save = (body: unknown, as = token) => call(ctx.app, 'PUT', 'exhibitor-page', { token: as, body });
const read = async (as = token) =>
  (await call(ctx.app, 'GET', 'exhibitor-page', { token: as })).json<{ data: OwnPage }>().data;
const publicPage = async (slug: string) =>
  (await call(ctx.app, 'GET', `exhibitors/${slug}`)).json<{ data: Record<string, unknown> }>().data;

function fileForm(bytes: Buffer, name: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}
const pdfBytes = () =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(2000 + Math.floor(Math.random() * 1000), 0x20),
    // Unique: the same bytes sent twice are one stored file.
    Buffer.from(randomUUID()),
    Buffer.from('\n%%EOF\n'),
  ]);
const pngBytes = () =>
  sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: Math.floor(Math.random() * 255), g: 80, b: 20 } },
  })
    .png()
    .toBuffer();
async function uploadFile(bytes: Buffer, name: string, type: string, as = token) {
  const res = await call(ctx.app, 'POST', 'exhibitor-page/files', { token: as, body: fileForm(bytes, name, type) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; url: string; mime: string } }>().data;
}

describe('an exhibitor’s page, kept by the exhibitor', () => {
  it('reads empty at first, with its address and listed in the directory', async () => {
    const fresh = await createExhibitor(ctx.db, { company: 'Vitrages Atlas' });
    const page = await read(await login(ctx.app, fresh.user.email));
    expect(page).toMatchObject({
      slug: `vitrages-atlas-${fresh.user.id}`,
      listed: true,
      descriptionFr: null,
      sectorIds: [],
      brands: [],
      website: null,
      documents: [],
    });
  });

  it('saves its descriptions, sectors, brands and links, live on its public page at once, and audited', async () => {
    const res = await save({
      description: {
        fr: '  Portes et fenêtres sur mesure.\n\nPose comprise.  ',
        en: 'Made-to-measure doors and windows.',
      },
      sectorIds: [sectorIds[1], sectorIds[0], sectorIds[1]],
      brands: [' Sudal ', 'Sudbois'],
      website: 'https://Menuiseries-Sud.example',
      linkedin: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: OwnPage }>().data).toMatchObject({
      descriptionFr: 'Portes et fenêtres sur mesure.\n\nPose comprise.',
      sectorIds: [sectorIds[1], sectorIds[0]],
      brands: ['Sudal', 'Sudbois'],
      website: 'https://menuiseries-sud.example/',
    });
    const shown = await publicPage(`menuiseries-du-sud-${exhibitor.user.id}`);
    expect(shown).toMatchObject({
      descriptionFr: 'Portes et fenêtres sur mesure.\n\nPose comprise.',
      descriptionEn: 'Made-to-measure doors and windows.',
      brands: ['Sudal', 'Sudbois'],
      links: [{ kind: 'website', url: 'https://menuiseries-sud.example/' }],
    });
    expect((shown.sectors as { id: number }[]).map((s) => s.id)).toEqual([sectorIds[1], sectorIds[0]]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'exhibitor-pages'), eq(auditLog.recordId, String(exhibitor.user.id))));
    expect(entry).toMatchObject({ userId: exhibitor.user.id, action: 'PUT /exhibitor-page' });
    expect(entry!.after).toMatchObject({ brands: ['Sudal', 'Sudbois'] });
    // Absent fields stay as they are.
    await save({ brands: ['Sudal'] });
    expect(await read()).toMatchObject({ brands: ['Sudal'], website: 'https://menuiseries-sud.example/' });
  });

  it('changes the presentation in one language, the others keeping theirs; an empty one is none', async () => {
    await save({ description: { fr: 'Menuiserie bois et aluminium.', en: 'Wood and aluminium joinery.' } });
    expect((await save({ description: { en: 'Timber and aluminium joinery.' } })).statusCode).toBe(200);
    expect(await read()).toMatchObject({
      description: { fr: 'Menuiserie bois et aluminium.', en: 'Timber and aluminium joinery.' },
      descriptionFr: 'Menuiserie bois et aluminium.',
      descriptionEn: 'Timber and aluminium joinery.',
    });
    expect((await save({ description: { en: '  ' } })).statusCode).toBe(200);
    expect(await publicPage(`menuiseries-du-sud-${exhibitor.user.id}`)).toMatchObject({
      descriptionFr: 'Menuiserie bois et aluminium.',
      descriptionEn: null,
    });
    const [row] = await ctx.db.select().from(exhibitorPages).where(eq(exhibitorPages.userId, exhibitor.user.id));
    expect(row!.description).toEqual({ fr: 'Menuiserie bois et aluminium.', en: null });
  });

  it('keeps what it writes as text: markup comes back as typed, never read as HTML', async () => {
    const typed = '<script>alert(1)</script><b>Béton</b> & "fils"';
    expect((await save({ description: { fr: typed } })).statusCode).toBe(200);
    expect((await publicPage(`menuiseries-du-sud-${exhibitor.user.id}`)).descriptionFr).toBe(typed);
  });

  it('puts a PDF and a logo it uploaded on its page; the directory shows the logo', async () => {
    const doc = await uploadFile(pdfBytes(), 'catalogue 2024.pdf', 'application/pdf');
    const logo = await uploadFile(await pngBytes(), 'logo.png', 'image/png');
    expect(logo.mime).toBe('image/webp');
    const res = await save({ documentIds: [doc.id], logoId: logo.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: OwnPage }>().data).toMatchObject({ logo: { id: logo.id }, documents: [{ id: doc.id }] });
    const shown = await publicPage(`x-${exhibitor.user.id}`);
    expect(shown).toMatchObject({ logo: { id: logo.id }, documents: [{ id: doc.id, name: 'catalogue 2024.pdf' }] });
    const directory = await call(
      ctx.app,
      'GET',
      `registrations?filters[type]=exhibitor&filters[user][company][$containsi]=${encodeURIComponent('Menuiseries du Sud')}&populate[user][populate][0]=avatar`,
    );
    expect(directory.json<{ data: { user: { avatar: { id: number } } }[] }>().data[0]!.user.avatar.id).toBe(logo.id);
    // Removed: the page has no logo and no document.
    await save({ documentIds: [], logoId: null });
    expect(await read()).toMatchObject({ logo: null, documents: [] });
  });
});

describe('what an exhibitor’s page refuses', () => {
  const refused = async (body: unknown, field: string | string[], message: string) => {
    const before = await ctx.db.select().from(exhibitorPages).where(eq(exhibitorPages.userId, exhibitor.user.id));
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error.details.errors).toContainEqual({ path: ['body', field].flat(), message });
    expect(await ctx.db.select().from(exhibitorPages).where(eq(exhibitorPages.userId, exhibitor.user.id))).toEqual(
      before,
    );
  };

  it('refuses under its field, saving nothing, what breaks a rule', async () => {
    await refused({ description: { en: 'x'.repeat(20_000) }, brands: ['Non'] }, ['description', 'en'], 'tooLong');
    await refused({ description: { de: 'Türen' } }, ['description'], 'Unrecognized key: "de"');
    await refused({ website: 'javascript:alert(1)' }, 'website', 'webUrl');
    await refused({ instagram: 'ftp://files.example' }, 'instagram', 'webUrl');
    await refused({ website: 'https://atlas.example/\r\nEND:VCARD\r\nBEGIN:VCARD' }, 'website', 'webUrl');
    await refused({ sectorIds: [999_999] }, 'sectorIds', 'unknownSector');
    await refused({ sectorIds: sectorIds.slice(0, 6) }, 'sectorIds', 'tooMany');
    await refused({ brands: Array.from({ length: 21 }, (_, i) => `M${i}`) }, 'brands', 'tooMany');
  });

  it('takes only files the exhibitor uploaded itself, a PDF as a document and an image as a logo', async () => {
    const other = await createExhibitor(ctx.db);
    const otherToken = await login(ctx.app, other.user.email);
    const theirs = await uploadFile(pdfBytes(), 'leur.pdf', 'application/pdf', otherToken);
    const mine = await uploadFile(pdfBytes(), 'mien.pdf', 'application/pdf');
    const image = await uploadFile(await pngBytes(), 'photo.png', 'image/png');
    await refused({ documentIds: [theirs.id] }, 'documentIds', 'notYourFile');
    await refused({ documentIds: [image.id] }, 'documentIds', 'notYourFile');
    await refused({ logoId: mine.id }, 'logoId', 'notYourFile');
    await refused({ documentIds: [mine.id, mine.id + 1, mine.id + 2, mine.id + 3] }, 'documentIds', 'tooMany');
  });

  it('refuses a file that is neither an image nor a PDF', async () => {
    const res = await call(ctx.app, 'POST', 'exhibitor-page/files', {
      token,
      body: fileForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml'),
    });
    expect(res.statusCode).toBe(400);
  });

  it('is its exhibitor’s alone: a collaborator can neither read nor change it', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const collaboratorToken = await login(ctx.app, collaborator.user.email);
    expect((await call(ctx.app, 'GET', 'exhibitor-page', { token: collaboratorToken })).statusCode).toBe(403);
    expect((await save({ brands: ['Pirate'] }, collaboratorToken)).statusCode).toBe(403);
    expect((await read()).brands).not.toContain('Pirate');
  });
});

describe('what an exhibitor may keep in files', () => {
  const heldBy = async (userId: number) =>
    (await ctx.db.select().from(exhibitorUploads).where(eq(exhibitorUploads.userId, userId))).length;

  it('refuses an eleventh file, or one past 60 MB, with a message, storing nothing', async () => {
    const fresh = await createExhibitor(ctx.db);
    const as = await login(ctx.app, fresh.user.email);
    for (let i = 0; i < 10; i++) await uploadFile(pdfBytes(), `doc-${i}.pdf`, 'application/pdf', as);
    const files = (await ctx.db.select({ path: mediaFiles.path }).from(mediaFiles)).length;
    const res = await call(ctx.app, 'POST', 'exhibitor-page/files', {
      token: as,
      body: fileForm(pdfBytes(), 'onze.pdf', 'application/pdf'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toBe(QUOTA_MESSAGE);
    expect((await ctx.db.select({ path: mediaFiles.path }).from(mediaFiles)).length).toBe(files);
    expect(await heldBy(fresh.user.id)).toBe(10);

    // 60 MB held already (as three large documents would be), then a small file.
    const other = await createExhibitor(ctx.db);
    const otherToken = await login(ctx.app, other.user.email);
    const [large] = await ctx.db
      .insert(media)
      .values({
        name: 'gros.pdf',
        mime: 'application/pdf',
        size: 60 * 1024 * 1024 - 1000,
        path: `media/${other.user.id}-gros.pdf`,
      })
      .returning();
    await ctx.db.insert(exhibitorUploads).values({ mediaId: large!.id, userId: other.user.id });
    const past = await call(ctx.app, 'POST', 'exhibitor-page/files', {
      token: otherToken,
      body: fileForm(pdfBytes(), 'encore.pdf', 'application/pdf'),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().error.message).toBe(QUOTA_MESSAGE);
    expect(await heldBy(other.user.id)).toBe(1);
  });

  it('removes after a day the uploads no version of the page names, and keeps those it names', async () => {
    const fresh = await createExhibitor(ctx.db);
    const as = await login(ctx.app, fresh.user.email);
    const shown = await uploadFile(pdfBytes(), 'montre.pdf', 'application/pdf', as);
    const logo = await uploadFile(await pngBytes(), 'logo.png', 'image/png', as);
    const unused = await uploadFile(pdfBytes(), 'oublie.pdf', 'application/pdf', as);
    const recent = await uploadFile(pdfBytes(), 'recent.pdf', 'application/pdf', as);
    expect((await save({ documentIds: [shown.id], logoId: logo.id }, as)).statusCode).toBe(200);
    const aDayAgo = sql`now() - interval '25 hours'`;
    await ctx.db
      .update(exhibitorUploads)
      .set({ createdAt: aDayAgo })
      .where(and(eq(exhibitorUploads.userId, fresh.user.id), sql`${exhibitorUploads.mediaId} <> ${recent.id}`));
    await ctx.db
      .update(media)
      .set({ createdAt: aDayAgo })
      .where(sql`${media.id} in (${shown.id}, ${logo.id}, ${unused.id})`);

    expect(await removeUnusedUploads(ctx.db)).toBe(1);
    const left = await ctx.db
      .select({ id: media.id })
      .from(media)
      .where(sql`${media.id} in (${shown.id}, ${logo.id}, ${unused.id}, ${recent.id})`);
    expect(left.map((m) => m.id).sort()).toEqual([shown.id, logo.id, recent.id].sort());
    expect((await call(ctx.app, 'GET', unused.url)).statusCode).toBe(404);
    expect(await heldBy(fresh.user.id)).toBe(3);
  });

  it('counts uploads per account, whatever the address', async () => {
    const fresh = await createExhibitor(ctx.db);
    const as = await login(ctx.app, fresh.user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(ctx.app, 'POST', 'exhibitor-page/files', {
        token: as,
        body: fileForm(Buffer.from('pas un fichier'), 'x.txt', 'text/plain'),
        remoteAddress: `198.51.100.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('who reads an exhibitor’s file before its page shows it', () => {
  const bare = (url: string) => url.split('?')[0]!;

  it('serves a file no live page names only at its owner’s keyed address, and to anyone once the page is live', async () => {
    const fresh = await createExhibitor(ctx.db);
    const as = await login(ctx.app, fresh.user.email);
    const doc = await uploadFile(pdfBytes(), 'brochure.pdf', 'application/pdf', as);
    expect(doc.url).toMatch(/^\/uploads\/media\/[0-9a-f]{32}\.pdf\?k=\d+\.[\w-]+$/);
    expect((await call(ctx.app, 'GET', bare(doc.url))).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${bare(doc.url)}?k=1.abc`)).statusCode).toBe(404);
    const keyed = await call(ctx.app, 'GET', doc.url);
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers['cache-control']).toBe('private, max-age=3600');

    // Named by a version waiting for review: still held, the owner's page gives its key.
    await ctx.db.update(siteSettings).set({ moderateExhibitorPages: true });
    try {
      expect((await save({ documentIds: [doc.id] }, as)).statusCode).toBe(200);
      const page = await read(as);
      expect(page.documents[0]!.url).toMatch(/\?k=/);
      expect((await call(ctx.app, 'GET', bare(doc.url))).statusCode).toBe(404);
    } finally {
      await ctx.db.update(siteSettings).set({ moderateExhibitorPages: false });
    }
    expect((await save({ documentIds: [doc.id] }, as)).statusCode).toBe(200);
    const open = await call(ctx.app, 'GET', bare(doc.url));
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('what leaves the show’s domain with an exhibitor’s file', () => {
  const bare = (url: string) => url.split('?')[0]!;
  const storedAt = (url: string) => bare(url).slice('/uploads/'.length);
  const aDayAgo = sql`now() - interval '25 hours'`;

  it('answers 404 at the public and keyed addresses of an upload the sweep removed, even on the instance that served it, and keeps none of its bytes', async () => {
    const fresh = await createExhibitor(ctx.db);
    // Its session as a sign-in makes it: more sign-ins would pass this file's budget of 10 a minute.
    const as = await sessionOf(ctx, fresh.user);
    const kept = await uploadFile(pdfBytes(), 'catalogue.pdf', 'application/pdf', as);
    const dropped = await uploadFile(pdfBytes(), 'ancien-tarif.pdf', 'application/pdf', as);
    expect((await save({ documentIds: [kept.id, dropped.id] }, as)).statusCode).toBe(200);
    // On the live page: public, and now in this instance's memory.
    expect((await call(ctx.app, 'GET', bare(dropped.url))).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', dropped.url)).statusCode).toBe(200);

    // Taken off the page, and a day old: the sweep removes it.
    expect((await save({ documentIds: [kept.id] }, as)).statusCode).toBe(200);
    await ctx.db.update(exhibitorUploads).set({ createdAt: aDayAgo }).where(eq(exhibitorUploads.userId, fresh.user.id));
    await ctx.db
      .update(media)
      .set({ createdAt: aDayAgo })
      .where(sql`${media.id} in (${kept.id}, ${dropped.id})`);
    expect(await removeUnusedUploads(ctx.db)).toBe(1);

    expect((await call(ctx.app, 'GET', bare(dropped.url))).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', dropped.url)).statusCode).toBe(404);
    expect(
      await ctx.db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.path, storedAt(dropped.url))),
    ).toEqual([]);
    expect(await ctx.db.select().from(media).where(eq(media.id, dropped.id))).toEqual([]);
    expect((await call(ctx.app, 'GET', bare(kept.url))).statusCode).toBe(200);
  });

  it('holds a deactivated exhibitor’s documents and logo: 404 at their public address, read by the organisers with their key, public again once it is reactivated', async () => {
    const organiser = await createOrganiser(ctx.db);
    const organiserToken = await sessionOf(ctx, organiser);
    const admin = (method: 'GET' | 'POST', url: string) =>
      call(ctx.app, method, `admin/${url}`, { token: organiserToken });
    const fresh = await createExhibitor(ctx.db);
    // Its session as a sign-in makes it: more sign-ins would pass this file's budget of 10 a minute.
    const as = await sessionOf(ctx, fresh.user);
    const doc = await uploadFile(pdfBytes(), 'fiche-technique.pdf', 'application/pdf', as);
    const logo = await uploadFile(await pngBytes(), 'logo.png', 'image/png', as);
    expect((await save({ documentIds: [doc.id], logoId: logo.id }, as)).statusCode).toBe(200);
    for (const file of [doc, logo]) expect((await call(ctx.app, 'GET', bare(file.url))).statusCode).toBe(200);

    expect((await admin('POST', `exhibitors/${fresh.user.id}/deactivate`)).statusCode).toBe(200);
    for (const file of [doc, logo]) expect((await call(ctx.app, 'GET', bare(file.url))).statusCode).toBe(404);
    // The organisers' record of the exhibitor gives its logo with a key.
    const record = (await admin('GET', `exhibitors/${fresh.user.id}`)).json<{ logo: { url: string } }>();
    expect(record.logo.url).toMatch(/\?k=/);
    const keyed = await call(ctx.app, 'GET', record.logo.url);
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers['cache-control']).toBe('private, max-age=3600');

    expect((await admin('POST', `exhibitors/${fresh.user.id}/reactivate`)).statusCode).toBe(200);
    for (const file of [doc, logo]) expect((await call(ctx.app, 'GET', bare(file.url))).statusCode).toBe(200);
  });
});
