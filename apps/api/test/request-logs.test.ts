import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { redactUrl } from '../src/lib/log-redaction';
import { freshDatabase, TEST_JWT_SECRET } from './helper';

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'salon-logs-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    DEMO_DATA: 'false',
  });
  ({ database, drop } = await freshDatabase());
  app = await buildApp(config, database, { logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The URLs of the requests logged since `from`. */
const loggedUrls = (from: number) =>
  lines
    .slice(from)
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

describe('request logs', () => {
  it('never write the secret of a set-password, e-badge, download, newsletter or OAuth link', async () => {
    const from = lines.length;
    const urls = [
      '/definir-mot-de-passe?token=SECRET-SET-PASSWORD&lang=fr',
      '/backend/api/registrations/ebadge?token=SECRET-EBADGE-KEY',
      '/backend/api/registrations/downloadEbadgeFull/12?token=SECRET-DOWNLOAD',
      '/backend/api/newsletters/confirm?token=SECRET-NEWSLETTER',
      '/backend/api/auth/google/callback?access_token=SECRET-OAUTH&id_token=SECRET-ID',
      '/ebadge?key=SECRET-KEY',
      '/x?%74oken=SECRET-ENCODED-NAME',
    ];
    for (const url of urls) await app.inject({ url });
    const logged = lines.slice(from).join('\n');
    expect(logged).not.toMatch(/SECRET/);
    expect(loggedUrls(from)).toContain('/definir-mot-de-passe?token=[redacted]&lang=fr');
    expect(loggedUrls(from)).toContain('/backend/api/auth/google/callback?access_token=[redacted]&id_token=[redacted]');
  });

  it('still log the path and the harmless parameters of every request', async () => {
    const from = lines.length;
    await app.inject({ url: '/backend/api/conferences?sort=date&pagination[pageSize]=5' });
    expect(loggedUrls(from)).toEqual(['/backend/api/conferences?sort=date&pagination[pageSize]=5']);
  });
});

describe('redactUrl', () => {
  it('replaces only the values of secret-looking parameters', () => {
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?')).toBe('/a?');
    expect(redactUrl('/a?token')).toBe('/a?token');
    expect(redactUrl('/a?lang=en&token=abc&x=1')).toBe('/a?lang=en&token=[redacted]&x=1');
    expect(redactUrl('/a?api_key=k&Signature=s&password=p&code=c')).toBe(
      '/a?api_key=[redacted]&Signature=[redacted]&password=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/a?%ZZtoken=1')).toBe('/a?%ZZtoken=[redacted]');
  });
});
