/**
 * Visitor registration under load, then the mail worker's own rate.
 *
 * 1. `POST visiteurs/putVisitor` with a new address on every request, 50 connections, on PGlite
 *    and on PostgreSQL (BENCH_DATABASE_URL, default the local server). The server runs with
 *    MAIL_WORKER=false: each request writes the person, the registration and the badge mail in
 *    the outbox, and nothing is sent, so the figure is the request path's.
 * 2. One worker, in this process, on the mails those requests queued: each badge rendered (token,
 *    QR, PDF) and delivered to an SMTP server in a process of its own (smtp-sink.ts). Mails per
 *    second over BENCH_SECONDS.
 *
 *   npm run bench:registration
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { createBadgeSigner } from '../apps/api/src/services/badge/token';
import { createBadgeService } from '../apps/api/src/services/badges.service';
import { createAttachmentResolver } from '../apps/api/src/services/mail/attachments';
import { createSmtpTransport } from '../apps/api/src/services/mail/transport';
import { createMailWorker } from '../apps/api/src/services/mail/worker';
import { printTable, startServer, withBenchDatabase } from './start-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { perSecond: 500, p99: 100, mailsPerSecond: 100 };

interface Row {
  database: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  mailsPerSecond: number;
}

/** Registrations at 50 connections, each with an address of its own. */
async function register(base: string): Promise<Omit<Row, 'database' | 'mailsPerSecond'>> {
  const cookie = (await fetch(`${base}/`)).headers.get('set-cookie')!.split(';')[0]!;
  const xsrf = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  let n = 0;
  const run = await autocannon({
    url: `${base}/backend/api/visiteurs/putVisitor`,
    connections: 50,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
        setupRequest: (request) => {
          n += 1;
          const email = `bench-${process.pid}-${n}@example.com`;
          const data = {
            name: `Visiteur ${n}`,
            email,
            phone: '0600000000',
            company: 'Bench',
            jobPosition: 'Test',
            consent: true,
            eBadge: true,
          };
          return { ...request, body: JSON.stringify({ data }) };
        },
      },
    ],
  });
  return {
    rps: Math.round(run.requests.average),
    p50: run.latency.p50,
    p99: run.latency.p99,
    errors: run.non2xx + run.errors + run.timeouts,
  };
}

/** One worker sending the queued badge mails to a local SMTP server for DURATION seconds. */
async function sendMails(database: Database, privateKey: string): Promise<number> {
  const sink = fork(path.join(import.meta.dirname, 'smtp-sink.ts'), [], { execArgv: ['--import', 'tsx'] });
  const ask = <T>(message?: string) =>
    new Promise<T>((resolve) => {
      sink.once('message', (m) => resolve(m as T));
      if (message !== undefined) sink.send(message);
    });
  const { port } = await ask<{ port: number }>();
  const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Bench <bench@example.com>');
  const badges = createBadgeService(database.db, createBadgeSigner(privateKey));
  const worker = createMailWorker({
    db: database.db,
    transport,
    resolveAttachments: createAttachmentResolver({ badge: badges.attachment }),
    log: { info: () => undefined, warn: console.warn, error: console.error },
  });
  const started = performance.now();
  while (performance.now() - started < DURATION * 1000) {
    if ((await worker.runOnce()) === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  const { delivered } = await ask<{ delivered: number }>('count');
  sink.disconnect();
  return delivered / seconds;
}

const rows: Row[] = [];
// The server and this process sign badges with the same key.
const keyDir = mkdtempSync(path.join(tmpdir(), 'salon-reg-bench-key-'));
const privateKey = loadConfig({ DATA_DIR: keyDir }).BADGE_PRIVATE_KEY;
const serverEnv = {
  MAIL_WORKER: 'false',
  DEMO_DATA: 'false',
  REGISTRATION_RATE_LIMIT: '100000000',
  BADGE_PRIVATE_KEY: privateKey,
};

// PGlite: the server owns the files while it runs; the worker opens them after.
{
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-reg-bench-'));
  const server = await startServer({ ...serverEnv, DATA_DIR: dataDir });
  const figures = await register(server.base);
  await server.stop();
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const mailsPerSecond = await sendMails(database, privateKey);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  rows.push({ database: 'PGlite', ...figures, mailsPerSecond });
}

// PostgreSQL: a database made for the run, dropped after it.
await withBenchDatabase(async (url) => {
  const server = await startServer({ ...serverEnv, DATABASE_URL: url });
  const figures = await register(server.base);
  await server.stop();
  const database = await openDatabase({ url });
  await database.db.execute(sql`analyze`);
  const mailsPerSecond = await sendMails(database, privateKey);
  await database.close();
  rows.push({ database: 'PostgreSQL', ...figures, mailsPerSecond });
});
rmSync(keyDir, { recursive: true, force: true });

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const results = rows.map((r) => {
  const isTarget = r.database === 'PostgreSQL';
  const requestsOk = r.errors === 0 && (!isTarget || (r.rps >= TARGETS.perSecond && r.p99 <= TARGETS.p99));
  const mailsOk = r.mailsPerSecond >= TARGETS.mailsPerSecond;
  return {
    cells: [
      r.database,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.errors),
      isTarget ? verdict(requestsOk) : requestsOk ? 'no target' : 'MISS (errors)',
      r.mailsPerSecond.toFixed(0),
      verdict(mailsOk),
    ],
    ok: requestsOk && mailsOk,
  };
});
console.info(
  `Visitor registration, 50 connections, ${DURATION} s, mails queued (worker off); then one worker delivering badge mails to a local SMTP server. Targets on PostgreSQL: ≥ ${TARGETS.perSecond} registrations/s with p99 ≤ ${TARGETS.p99} ms; ≥ ${TARGETS.mailsPerSecond} badge mails/s from one worker`,
);
printTable(
  ['database', 'registrations/s', 'p50 ms', 'p99 ms', 'errors', 'requests', 'badge mails/s', 'worker'],
  results.map((r) => r.cells),
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
