import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, sib } from '../../db/schema';
import { call, createMedia, createTestApp, type TestContext } from '../../../test/helper';
import { createStoredFiles, LARGE_FILE_BYTES, LARGE_READS_AT_ONCE } from './stored-files';
import { storeUpload } from './uploads.service';

/**
 * An anonymous GET of an upload must not read the whole blob out of the database each time, with
 * no budget. Files are kept in memory once read, read once for requests that ask at the same
 * time, at most LARGE_READS_AT_ONCE large ones at once, and downloads have budgets per address.
 */

const FILE_RATE_LIMIT = 8;
const LARGE_FILE_RATE_LIMIT = 3;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    FILE_RATE_LIMIT: String(FILE_RATE_LIMIT),
    LARGE_FILE_RATE_LIMIT: String(LARGE_FILE_RATE_LIMIT),
    FILE_CACHE_MB: '16',
  });
});
afterAll(() => ctx?.close());

/** A PDF of `size` bytes that no other test stores (random inside). */
const pdfOf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]);

/** Stores the PDF as an upload does and answers its URL under /uploads/. */
async function stored(body: Buffer): Promise<string> {
  const rel = await storeUpload(ctx.db, {
    kind: 'pdf',
    mime: 'application/pdf',
    ext: 'pdf',
    body,
    width: null,
    height: null,
  });
  return `/uploads/${rel}`;
}

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, remoteAddress, headers });

/** A body as the route sends it, whole or streamed, read to its end. */
async function drain(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

const refusal = (message: RegExp) => ({
  error: { status: 429, name: 'TooManyRequestsError', message: expect.stringMatching(message) as unknown, details: {} },
});

describe('serving an upload from memory', () => {
  it('reads a file once: later downloads are answered from memory, with the same bytes and headers, while its row is there', async () => {
    const bytes = pdfOf(300_000);
    const url = await stored(bytes);
    const rel = url.slice('/uploads/'.length);
    const first = await get(url, '10.37.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(bytes)).toBe(true);

    // Stored bytes never change; here other bytes in the row prove that the next download does
    // not read them again.
    const other = pdfOf(300_000);
    await ctx.db
      .update(mediaFiles)
      .set({ body: sql`decode(${other.toString('base64')}, 'base64')` })
      .where(eq(mediaFiles.path, rel));
    const again = await get(url, '10.37.0.1');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(bytes)).toBe(true);
    for (const name of ['etag', 'content-type', 'content-length', 'cache-control', 'x-content-type-options']) {
      expect([name, again.headers[name]]).toEqual([name, first.headers[name]]);
    }
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Another instance never served it: it reads the database's bytes.
    const elsewhere = await (await ctx.anotherInstance()).inject({ url, remoteAddress: '10.37.0.1' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.rawPayload.equals(other)).toBe(true);

    // Once the row is removed (the sweep of unused uploads), no instance answers it, not even
    // the one that holds its bytes in memory.
    await ctx.db.delete(mediaFiles).where(eq(mediaFiles.path, rel));
    const gone = await get(url, '10.37.0.1');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: { status: 404, name: 'NotFoundError' } });
  });

  it('reads a large file once for all the downloads that ask for it at the same time', async () => {
    const files = createStoredFiles(ctx.db, { cacheBytes: 16 * 1024 * 1024 });
    const bytes = pdfOf(LARGE_FILE_BYTES * 2 + 12_345);
    const rel = (await stored(bytes)).slice('/uploads/'.length);
    const file = (await files.find(rel))!;
    expect(file).toMatchObject({ path: rel, mime: 'application/pdf', size: bytes.length });

    const bodies = await Promise.all(Array.from({ length: 12 }, async () => drain(await files.body(file))));
    for (const body of bodies) expect(body.equals(bytes)).toBe(true);
    expect(files.stats()).toMatchObject({ reads: 1, entries: 1, bytes: bytes.length });
  });

  it(`reads at most ${LARGE_READS_AT_ONCE} large files from the database at once, and streams a file larger than the cache`, async () => {
    // No cache: every file is streamed slice by slice, within its turn.
    const files = createStoredFiles(ctx.db, { cacheBytes: 0 });
    const all = Array.from({ length: 5 }, () => pdfOf(LARGE_FILE_BYTES + 50_000));
    const found = await Promise.all(
      all.map(async (bytes) => (await files.find((await stored(bytes)).slice('/uploads/'.length)))!),
    );
    const read = await Promise.all(found.map(async (file) => drain(await files.body(file))));
    read.forEach((body, i) => expect(body.equals(all[i]!)).toBe(true));
    expect(files.stats()).toMatchObject({ reads: 5, entries: 0, bytes: 0, largeReadsInFlight: 0 });
    expect(files.stats().mostLargeReadsAtOnce).toBe(LARGE_READS_AT_ONCE);
  });
});

describe('the downloads’ budgets per address', () => {
  it('refuses past FILE_RATE_LIMIT downloads a minute with a 429 in the error shape, kept by no cache, while the API and another address are still answered', async () => {
    const bytes = pdfOf(2_000);
    const url = await stored(bytes);
    const address = '10.37.1.1';
    for (let i = 0; i < FILE_RATE_LIMIT; i++) expect((await get(url, address)).statusCode).toBe(200);

    const refused = await get(url, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(
      refusal(/^Trop de téléchargements depuis cette adresse\. Veuillez réessayer dans (\d+ s|1 minute)\.$/),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(FILE_RATE_LIMIT));
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
    // An unknown path counts too: a scanner gets no free guesses.
    expect((await get('/uploads/media/nothing.pdf', address)).statusCode).toBe(429);

    // The API's budget is another one; another address has its own.
    expect((await call(ctx.app, 'GET', 'sib', { remoteAddress: address })).statusCode).toBe(200);
    const elsewhere = await get(url, '10.37.1.2');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.rawPayload.equals(bytes)).toBe(true);
  });

  it('counts a file over 1 MB in a lower budget as well, while its HEAD, its 304 and small files are still answered', async () => {
    const large = pdfOf(LARGE_FILE_BYTES + 10_000);
    const url = await stored(large);
    const small = await stored(pdfOf(3_000));
    const address = '10.37.2.1';
    const etags: string[] = [];
    for (let i = 0; i < LARGE_FILE_RATE_LIMIT; i++) {
      const res = await get(url, address);
      expect([res.statusCode, res.rawPayload.length]).toEqual([200, large.length]);
      etags.push(String(res.headers.etag));
    }
    const refused = await get(url, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(
      refusal(/^Trop de téléchargements de fichiers volumineux depuis cette adresse\./),
    );
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LARGE_FILE_RATE_LIMIT));
    // No header of the file: a refusal must not be kept a year.
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
    expect(refused.headers['content-type']).toMatch(/^application\/json/);

    const head = await ctx.app.inject({ method: 'HEAD', url, remoteAddress: address });
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, String(large.length)]);
    const fresh = await get(url, address, { 'if-none-match': etags[0]! });
    expect(fresh.statusCode).toBe(304);
    expect((await get(small, address)).statusCode).toBe(200);
  });

  it('counts the uploaded catalogue under /assets/files/ in the same budgets', async () => {
    const bytes = pdfOf(LARGE_FILE_BYTES + 20_000);
    const url = await stored(bytes);
    const record = await createMedia(ctx.db, {
      name: 'catalogue.pdf',
      mime: 'application/pdf',
      path: url.slice('/uploads/'.length),
      size: bytes.length,
      width: null,
      height: null,
    });
    await ctx.db.update(sib).set({ cataloguePdfId: record.id }).where(eq(sib.id, 1));
    try {
      const address = '10.37.3.1';
      for (let i = 0; i < LARGE_FILE_RATE_LIMIT; i++) {
        const res = await get('/assets/files/catalogue-2024.pdf', address);
        expect([res.statusCode, res.rawPayload.equals(bytes)]).toEqual([200, true]);
      }
      const refused = await get('/assets/files/catalogue-2024.pdf', address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject(refusal(/volumineux/));
      expect(refused.headers['content-disposition']).toBeUndefined();
      // The same address's uploads share the budget of large files.
      expect((await get(url, address)).statusCode).toBe(429);
    } finally {
      await ctx.db.update(sib).set({ cataloguePdfId: null }).where(eq(sib.id, 1));
    }
  });

  it('shows the refusals in /metrics under the routes’ patterns, like every other refusal', async () => {
    const text = (await ctx.app.inject({ url: '/metrics' })).body;
    const count = (route: string) =>
      Number(
        new RegExp(`^http_requests_total\\{method="GET",route="${route}",status_class="4xx"\\} (\\d+)$`, 'm').exec(
          text,
        )?.[1] ?? 0,
      );
    // The two refusals of the first budget, the one of the second and the catalogue's upload: at
    // least four under /uploads/*; one for the catalogue.
    expect(count('/uploads/\\*')).toBeGreaterThanOrEqual(4);
    // Each edition's files at its year: one route per kind (the label escapes its backslash).
    const catalogue = String.raw`/assets/files/catalogue-:year(^\\d{4}).pdf`;
    expect(text).toContain(`http_requests_total{method="GET",route="${catalogue}",status_class="4xx"} 1\n`);
  });
});
