import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

/**
 * /admin as the API serves the back-office's own build (apps/web/vite.admin.config.ts): one page
 * for every path below /admin with this response's CSP style nonce, and hashed scripts kept a year.
 */

let ctx: TestContext;

beforeAll(async () => {
  const build = await mkdtemp(path.join(tmpdir(), 'salon-admin-build-'));
  await mkdir(path.join(build, 'admin/assets'), { recursive: true });
  await writeFile(
    path.join(build, 'admin/index.html'),
    '<!doctype html><html lang="fr"><head><style nonce="__CSP_STYLE_NONCE__"></style>' +
      '<script type="module" src="/admin/assets/index-abc123.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(build, 'admin/assets/index-abc123.js'), 'console.log("back-office");');
  ctx = await createTestApp({ WEB_BUILD_DIR: build });
});
afterAll(() => ctx.close());

const nonceOf = (html: string) => /<style nonce="([^"]+)">/.exec(html)?.[1];

describe('the back-office page', () => {
  it('answers /admin and its client-side paths with the page, a fresh style nonce each time that the CSP names, never stored', async () => {
    const nonces: string[] = [];
    for (const url of ['/admin', '/admin/visitors/12/show']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const nonce = nonceOf(res.body);
      expect(nonce).toMatch(/^[\w+/=-]{16,}$/);
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      expect(res.body).not.toContain('__CSP_STYLE_NONCE__');
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('serves its hashed scripts for a year, and a missing one as a 404, not the page', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await ctx.app.inject({ method: 'GET', url: '/admin/assets/index-zzz.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
  });
});
