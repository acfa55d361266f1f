import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import { storeSvg } from '../../db/seed/media';
import { uploadDirOf } from './uploads.service';
import { createMedia } from '../../../test/fixtures';
import { ctx, form, pdf, picture, storedBytes, uploaded, useUploadsScene } from './uploads.test-support';

/**
 * The uploaded files as /uploads/* serves them: from the database by every instance, kept a
 * year, and copied there once from the disk of an install from before.
 */

useUploadsScene();

describe('GET /uploads/*', () => {
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('serves a file uploaded through one instance from another, though no disk holds it', async () => {
    const png = await picture(40, 30, { r: 10, g: 200, b: 10 }).png().toBuffer();
    const record = await uploaded(form(png, 'logo.png', 'image/png'));
    const other = await ctx.anotherInstance();

    const res = await other.inject({ url: record.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(await storedBytes(record.url))).toBe(true);
    expect(existsSync(uploadDirOf(ctx.config))).toBe(false);
  });

  it('answers an upload with a strong ETag from its hash, its type and length, nosniff, a year of cache and no cookie', async () => {
    const bytes = pdf(4000);
    const record = await uploaded(form(bytes, 'catalogue.pdf', 'application/pdf'));
    const res = await ctx.app.inject({ url: record.url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      etag: `"${sha256(bytes)}"`,
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    // Public and kept by any cache: no cookie rides along.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match, strong or weak, and the file to another', async () => {
    const bytes = pdf(3500);
    const record = await uploaded(form(bytes, 'plan.pdf', 'application/pdf'));
    const etag = String((await ctx.app.inject({ url: record.url })).headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await ctx.app.inject({ url: record.url, headers: { 'if-none-match': header } });
      expect([header, res.statusCode, res.rawPayload.length]).toEqual([header, 304, 0]);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const changed = await ctx.app.inject({ url: record.url, headers: { 'if-none-match': '"other"' } });
    expect([changed.statusCode, changed.rawPayload.length]).toEqual([200, bytes.length]);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const bytes = pdf(4500);
    const record = await uploaded(form(bytes, 'programme.pdf', 'application/pdf'));
    const get = await ctx.app.inject({ url: record.url });
    const head = await ctx.app.inject({ method: 'HEAD', url: record.url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ['etag', 'content-type', 'content-length', 'cache-control', 'x-content-type-options']) {
      expect([name, head.headers[name]]).toEqual([name, get.headers[name]]);
    }
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('serves a demo SVG as image/svg+xml for a month, under the site’s policy (no inline script runs), compressed when asked', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>' + ' '.repeat(2000) + '</svg>';
    await storeSvg(ctx.db, 'test-served.svg', svg, 'Logo');
    const res = await ctx.app.inject({ url: '/uploads/demo/test-served.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-length': String(Buffer.byteLength(svg)),
      'cache-control': 'public, max-age=2592000',
      'x-content-type-options': 'nosniff',
      etag: `"${sha256(Buffer.from(svg))}"`,
    });
    const scripts = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scripts).toMatch(/^script-src 'self' 'nonce-[0-9a-f]+'$/);
    expect(res.body).toBe(svg);

    const gzipped = await ctx.app.inject({
      url: '/uploads/demo/test-served.svg',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(Buffer.byteLength(svg));
  });

  it('answers the not-found error, never a file or a 500, to a missing path or one that tries to leave', async () => {
    await storeSvg(ctx.db, 'test-escape.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'Logo');
    // Over a socket, as curl --path-as-is sends them: inject and browsers resolve `.` and `..` first.
    const server = await ctx.anotherInstance();
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as AddressInfo;
    const get = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path: rawPath }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        }).on('error', reject);
      });

    expect((await get('/uploads/demo/test-escape.svg')).status).toBe(200);
    const notFound = { status: 404, name: 'NotFoundError', message: 'Ressource introuvable.' };
    for (const url of [
      '/uploads/nothing.png',
      '/uploads/media/00000000000000000000000000000000.webp',
      '/uploads/',
      '/uploads/demo/',
      '/uploads/demo//test-escape.svg',
      '/uploads/demo/./test-escape.svg',
      '/uploads/media/../demo/test-escape.svg',
      '/uploads/../uploads/demo/test-escape.svg',
      '/uploads/media/%2e%2e/demo/test-escape.svg',
      '/uploads/media/%2E%2E%2Fdemo%2Ftest-escape.svg',
      '/uploads/..%2f..%2f..%2fetc%2fpasswd',
      '/uploads/../../../etc/passwd',
      '/uploads/demo%5ctest-escape.svg',
      '/uploads/demo\\test-escape.svg',
      '/uploads/demo/test-escape.svg%0a',
      `/uploads/demo/${'a'.repeat(400)}.svg`,
    ]) {
      const res = await get(url);
      expect([url, res.status]).toEqual([url, 404]);
      expect((JSON.parse(res.body) as { error: object }).error, url).toMatchObject(notFound);
    }
    // U+0000 is refused before any route, as everywhere (plugins/errors.ts).
    expect((await get('/uploads/demo/test-escape.svg%00')).status).toBe(400);
  });
});

describe('An install from before the files moved into the database', () => {
  it('copies once, at start, the files under DATA_DIR/uploads that a media row names, and serves them', async () => {
    const dir = uploadDirOf(ctx.config);
    const bytes = pdf(2200);
    const hashed = `media/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.pdf`;
    const logo = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>';
    await mkdir(path.join(dir, 'media'), { recursive: true });
    await mkdir(path.join(dir, 'demo'), { recursive: true });
    await writeFile(path.join(dir, hashed), bytes);
    await writeFile(path.join(dir, 'demo/old-logo.svg'), logo);
    // A file no row names stays where it is; a row whose file is gone is reported.
    await writeFile(path.join(dir, 'media/stray.pdf'), bytes);
    await createMedia(ctx.db, { name: 'plan.pdf', mime: 'application/pdf', path: hashed, size: bytes.length });
    await createMedia(ctx.db, { name: 'old-logo.svg', path: 'demo/old-logo.svg' });
    await createMedia(ctx.db, { name: 'gone.svg', path: 'demo/gone.svg' });
    // A row whose file is already in the database keeps its bytes.
    await storeSvg(ctx.db, 'kept.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'Kept');
    await writeFile(path.join(dir, 'demo/kept.svg'), 'not these bytes');

    const logs: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) => void logs.push({ level: 'info', fields, message }),
      warn: (fields: Record<string, unknown>, message: string) => void logs.push({ level: 'warn', fields, message }),
    } as unknown as FastifyBaseLogger;
    await seed(ctx.db, ctx.config, log);
    expect(logs.find((l) => l.message === 'uploads copied from disk into the database')?.fields).toMatchObject({
      imported: 2,
    });
    expect(logs.find((l) => l.message === 'media rows whose file is nowhere')?.fields).toMatchObject({
      first: expect.arrayContaining(['demo/gone.svg']) as unknown,
    });

    const other = await ctx.anotherInstance();
    const plan = await other.inject({ url: `/uploads/${hashed}` });
    expect([plan.statusCode, plan.headers['content-type'], plan.rawPayload.equals(bytes)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    expect((await other.inject({ url: '/uploads/demo/old-logo.svg' })).body).toBe(logo);
    expect((await other.inject({ url: '/uploads/demo/kept.svg' })).body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect((await other.inject({ url: '/uploads/media/stray.pdf' })).statusCode).toBe(404);

    // The next start finds nothing more to copy.
    logs.length = 0;
    await seed(ctx.db, ctx.config, log);
    expect(logs.some((l) => l.message === 'uploads copied from disk into the database')).toBe(false);
  });
});
