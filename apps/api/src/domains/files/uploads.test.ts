import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, media, mediaFiles } from '../../db/schema';
import { UPLOAD_MESSAGES } from './uploads.service';
import { createMedia } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import {
  ctx,
  form,
  type MediaRecord,
  organiser,
  pdf,
  picture,
  storedBytes,
  token,
  upload,
  uploaded,
  useUploadsScene,
} from './uploads.test-support';

/**
 * The organisers' uploads: images and PDFs checked by their bytes, images re-encoded and
 * resized, stored under names that change with their content (how /uploads/* serves them:
 * served-files.test.ts).
 */

interface ErrorBody {
  error: { status: number; message: string; details: { errors?: { path: string[]; message: string }[] } };
}

useUploadsScene();

async function refused(body: unknown, message: string) {
  const before = await ctx.db.select({ id: media.id }).from(media);
  const files = await storedFiles();
  const res = await upload(body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<ErrorBody>().error.message).toBe(message);
  // Nothing is kept of a refused file.
  expect(await ctx.db.select({ id: media.id }).from(media)).toHaveLength(before.length);
  expect(await storedFiles()).toBe(files);
}

async function storedFiles(): Promise<number> {
  return (await ctx.db.select({ n: count() }).from(mediaFiles))[0]!.n;
}

/** Noise does not compress: a PNG of this many pixels is about three bytes each. */
const noisyPng = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(2000, 0x90)]);
const MZ = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 0)]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

describe('POST admin/media with an image', () => {
  it('an organiser uploads a PNG and gets a WebP stored under the hash of its bytes', async () => {
    const png = await picture(300, 120).png().toBuffer();
    const record = await uploaded(form(png, 'logo partenaire.png', 'image/png'));
    expect(record).toMatchObject({
      name: 'logo partenaire.png',
      mime: 'image/webp',
      kind: 'image',
      width: 300,
      height: 120,
    });
    expect(record.url).toMatch(/^\/uploads\/media\/[0-9a-f]{32}\.webp$/);

    const stored = await storedBytes(record.url);
    expect(stored.length).toBe(record.size);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 120]);

    const [row] = await ctx.db.select().from(media).where(eq(media.id, record.id));
    expect(row).toMatchObject({ path: record.url.slice('/uploads/'.length), mime: 'image/webp', size: record.size });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'POST /admin/media'));
    expect(entry).toMatchObject({ userId: organiser.id, resource: 'media', recordId: String(record.id) });
  });

  it('serves the stored file with a year of cache, since a changed file gets a new name', async () => {
    const record = await uploaded(form(await picture(50, 50).jpeg().toBuffer(), 'photo.jpg', 'image/jpeg'));
    const res = await call(ctx.app, 'GET', record.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.length).toBe(record.size);

    const other = await uploaded(
      form(await picture(50, 50, { r: 0, g: 0, b: 255 }).jpeg().toBuffer(), 'photo.jpg', 'image/jpeg'),
    );
    expect(other.url).not.toBe(record.url);
  });

  it('shrinks a large image to fit 1920 pixels, keeping its proportions', async () => {
    const record = await uploaded(form(await picture(3000, 1000).webp().toBuffer(), 'bandeau.webp', 'image/webp'));
    expect([record.width, record.height]).toEqual([1920, 640]);
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    // Stored 200×100 with orientation 6 ("rotate 90° to show"): shown 100×200.
    const jpeg = await picture(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const record = await uploaded(form(jpeg, 'portrait.jpg', 'image/jpeg'));
    expect([record.width, record.height]).toEqual([100, 200]);
  });

  it('answers the same record when the same image is sent again', async () => {
    const png = await picture(64, 64, { r: 1, g: 2, b: 3 }).png().toBuffer();
    const first = await uploaded(form(png, 'a.png', 'image/png'));
    const second = await uploaded(form(png, 'b.png', 'image/png'));
    expect(second.id).toBe(first.id);
    expect(second.url).toBe(first.url);
  });
});

describe('POST admin/media refuses', () => {
  it('a renamed executable (ELF bytes named logo.png), whatever type it declares', async () => {
    await refused(form(ELF, 'logo.png', 'image/png'), UPLOAD_MESSAGES.format);
  });

  it('a Windows executable named catalogue.pdf', async () => {
    await refused(form(MZ, 'catalogue.pdf', 'application/pdf'), UPLOAD_MESSAGES.format);
  });

  it('an SVG, even named .png, saying that SVG is not accepted', async () => {
    expect(UPLOAD_MESSAGES.svg).toBe('Format refusé : PNG, JPEG ou WebP (SVG non accepté).');
    await refused(form(SVG, 'logo.png', 'image/png'), UPLOAD_MESSAGES.svg);
    await refused(form(SVG, 'logo.svg', 'image/svg+xml'), UPLOAD_MESSAGES.svg);
  });

  it('a PNG signature followed by something that is not an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
    await refused(form(fake, 'logo.png', 'image/png'), UPLOAD_MESSAGES.unreadable);
  });

  it('an image of more than 5 MB, with a 400 that says the limit', async () => {
    const big = await noisyPng(1400, 1300);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(20 * 1024 * 1024);
    await refused(form(big, 'grande.png', 'image/png'), 'Image trop volumineuse : 5 Mo au plus.');
  });

  it('a file of more than 20 MB, cut off while it arrives, with a 400 (not a 413)', async () => {
    await refused(form(pdf(21 * 1024 * 1024), 'plan.pdf', 'application/pdf'), UPLOAD_MESSAGES.tooLarge);
  });

  it('an empty file, a missing file, a file in another field and a JSON body', async () => {
    await refused(form(Buffer.alloc(0), 'vide.png', 'image/png'), 'Le fichier est vide.');
    await refused(new FormData(), UPLOAD_MESSAGES.noFile);
    await refused(form(pdf(), 'plan.pdf', 'application/pdf', 'image'), UPLOAD_MESSAGES.noFile);
    await refused({ file: 'logo.png' }, UPLOAD_MESSAGES.noFile);
  });

  it('a multipart body cut off in the middle of the file', async () => {
    const res = await call(ctx.app, 'POST', 'admin/media', {
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error.message).toBe(UPLOAD_MESSAGES.malformed);
  });
});

describe('POST admin/media with a PDF', () => {
  it('keeps a PDF of up to 20 MB as sent', async () => {
    const bytes = pdf(6 * 1024 * 1024);
    const record = await uploaded(form(bytes, 'Plan du salon.pdf', 'application/pdf'));
    expect(record).toMatchObject({
      mime: 'application/pdf',
      kind: 'pdf',
      size: bytes.length,
      width: null,
      height: null,
    });
    expect(record.url).toMatch(/^\/uploads\/media\/[0-9a-f]{32}\.pdf$/);
    // Compared whole: a deep equality of 6 MB, byte by byte, takes the test's whole time.
    expect((await storedBytes(record.url)).equals(bytes)).toBe(true);
  });
});

describe('GET admin/media', () => {
  it('lists the uploads newest first, by kind and by name', async () => {
    const doc = await uploaded(form(pdf(3000), 'programme-final.pdf', 'application/pdf'));
    const img = await uploaded(
      form(await picture(20, 20, { r: 9, g: 9, b: 9 }).png().toBuffer(), 'programme.png', 'image/png'),
    );
    const list = async (filter: object) => {
      const res = await call(ctx.app, 'GET', `admin/media?filter=${encodeURIComponent(JSON.stringify(filter))}`, {
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MediaRecord[]>();
    };
    expect((await list({ q: 'programme' })).map((m) => m.id)).toEqual([img.id, doc.id]);
    expect((await list({ q: 'programme', kind: 'pdf' })).map((m) => m.id)).toEqual([doc.id]);
    expect((await list({ kind: 'image' })).every((m) => m.kind === 'image')).toBe(true);

    const bad = await call(ctx.app, 'GET', `admin/media?filter=${encodeURIComponent('{"kind":"video"}')}`, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.message).toBe('Filtre kind : image ou pdf.');

    const one = await call(ctx.app, 'GET', `admin/media/${doc.id}`, { token });
    expect(one.json<MediaRecord>()).toMatchObject({ id: doc.id, name: 'programme-final.pdf', kind: 'pdf' });
    const missing = await call(ctx.app, 'GET', 'admin/media/999999', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().error.message).toBe('Fichier introuvable.');
  });
});

describe('An uploaded floor plan, programme or catalogue', () => {
  const setSib = async (body: object) => {
    const res = await call(ctx.app, 'PUT', 'admin/sib/1', { token, body });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('replaces the generated PDF at its address until it is removed, on every instance', async () => {
    // Uploaded through ctx.app, served by another instance: the bytes come from the database.
    const files = await ctx.anotherInstance();
    const generated = await files.inject({ url: '/assets/files/plan-2024.pdf' });
    expect(generated.statusCode).toBe(200);

    const bytes = pdf(5000);
    const record = await uploaded(form(bytes, 'plan officiel.pdf', 'application/pdf'));
    await setSib({ planPdfId: record.id });

    const res = await files.inject({ url: '/assets/files/plan-2024.pdf?download=1' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="plan-2024.pdf"');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    const etag = String(res.headers.etag);
    expect(etag).toBe(`"upload-${createHash('sha256').update(bytes).digest('hex')}"`);
    expect(
      (await files.inject({ url: '/assets/files/plan-2024.pdf', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    const head = await files.inject({ method: 'HEAD', url: '/assets/files/plan-2024.pdf' });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(bytes.length),
      0,
    ]);
    // The other two stay generated.
    expect((await files.inject({ url: '/assets/files/catalogue-2024.pdf' })).rawPayload.equals(bytes)).toBe(false);

    await setSib({ planPdfId: null });
    const again = await files.inject({ url: '/assets/files/plan-2024.pdf' });
    expect(again.headers.etag).toBe(generated.headers.etag);
  });

  it('falls back to the generated PDF when the uploaded one’s bytes are nowhere', async () => {
    const generated = await call(ctx.app, 'GET', '/assets/files/programme-2024.pdf');
    const lost = await createMedia(ctx.db, { name: 'programme.pdf', mime: 'application/pdf', path: 'media/lost.pdf' });
    await setSib({ programmePdfId: lost.id });
    const res = await call(ctx.app, 'GET', '/assets/files/programme-2024.pdf');
    expect([res.statusCode, res.headers.etag]).toEqual([200, generated.headers.etag]);
    await setSib({ programmePdfId: null });
  });

  it('must be a PDF, and the show’s logos must be images', async () => {
    const image = await uploaded(
      form(await picture(30, 30, { r: 4, g: 5, b: 6 }).png().toBuffer(), 'logo.png', 'image/png'),
    );
    const doc = await uploaded(form(pdf(2500), 'programme.pdf', 'application/pdf'));
    const res = await call(ctx.app, 'PUT', 'admin/sib/1', {
      token,
      body: { programmePdfId: image.id, logoSponsorOfficielId: doc.id, cataloguePdfId: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details.errors).toEqual([
      { path: ['body', 'logoSponsorOfficielId'], message: 'Une image est attendue (PNG, JPEG ou WebP).' },
      { path: ['body', 'programmePdfId'], message: 'Un document PDF est attendu.' },
      { path: ['body', 'cataloguePdfId'], message: 'Fichier introuvable : envoyez-le d’abord.' },
    ]);
  });
});
