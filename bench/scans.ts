/**
 * Badge scans of one exhibitor at the end of the show: 50,000 scans of its own (spread over the
 * four show days) and 5,000 by its ten collaborators, seeded with bulk inserts. Then, signed in
 * as the exhibitor (bearer token from `POST auth/local`), on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, default the local server):
 *
 * - `GET scans`, the first page, a deep one (page 500) and the collaborators' table, with
 *   autocannon, compressed as a browser asks: p50 and p99 at 1 connection (BENCH_SECONDS / 2),
 *   then p50, p99 and req/s at 10 (BENCH_SECONDS, the target's);
 * - `GET scans/export?table=scansExposant`, the whole SCANS.xlsx, BENCH_EXPORTS times in a row:
 *   median time to the last byte, and the server process's resident memory before and at its
 *   peak (VmHWM of /proc/<pid>/status, reset before the first export). Each file is read back
 *   with exceljs: 50,001 rows, 50,000 different visitors, or the run fails.
 *
 * - first, the server at rest: started with the demo data on an empty PGlite directory, then on an
 *   empty PostgreSQL database, left alone REST_SECONDS (default 20), its resident memory (the
 *   process and any it started; PGlite's worker thread is in the process).
 *
 * Targets: at rest ≤ 250 MB; list p99 ≤ 50 ms for a page; export ≤ 2 s and ≤ 300 MB peak for the
 * server process.
 *
 *   npm run bench:scans
 */
import { randomUUID } from 'node:crypto';
import {
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DEFAULT_ROLE_ID, EVENT_ID, normalizePhone, showDay, toQueryString, XSRF_HEADER } from '@salon/shared';
import type { Db } from '../apps/api/src/db/client';
import { gates, registrations, scans, users } from '../apps/api/src/db/schema';
import { seedReference } from '../apps/api/src/db/seed';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { median, verdict } from './lib/stats';
import { onBothDatabases, printTable, startServer, withBenchDatabase } from './start-server';

const VISITORS = 50_000;
const COLLABORATORS = 10;
const PER_COLLABORATOR = 500;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 5);
const REST_SECONDS = Number(process.env.REST_SECONDS ?? 20);
const TARGETS = { listP99: 50, exportSeconds: 2, peakMb: 300, restMb: 250 };

const EMAIL = 'exposant@bench.example.com';
const PASSWORD = 'Bench-Scans-2024!';
// 09:00 in Marrakech (UTC+1 in May and June 2024) on each show day; scans until 19:00.
const SHOW_DAYS = ['2024-05-29', '2024-05-30', '2024-05-31', '2024-06-01'];
const OPENING_HOURS_MS = 10 * 3600 * 1000;
const FIRST = 'Fatima Mohammed Yasmine Karim Salma Youssef Nadia Omar Imane Hamza'.split(' ');
const LAST = 'El Amrani|Benjelloun|Tazi|Alaoui El Idrissi|Bennani|Lahlou|Berrada-Sounni|Chraibi'.split('|');
const COMPANIES = ['Atlas Béton', 'Menara Menuiserie', 'Société des Travaux du Sud', 'Cèdre Énergie', null];
const POSITIONS = ['Directeur technique', 'Acheteur', 'Architecte', 'Conducteur de travaux', null];
const NOTES = [
  'Intéressé par les coffrages, rappeler après le salon',
  'Veut un devis pour 2 000 m² de dalles',
  'À revoir mardi',
];

/** The same pseudo-random sequence on every run, so the two databases hold the same rows. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A scan at a time of `day`'s opening hours, its show day computed as the API does. */
function scanRow(
  scannerId: number,
  exhibitorId: number,
  scannedId: number,
  day: string,
  next: () => number,
  i: number,
) {
  const createdAt = new Date(Date.parse(`${day}T08:00:00Z`) + Math.floor(next() * OPENING_HOURS_MS));
  const scanDay = showDay(createdAt);
  if (scanDay !== day) throw new Error(`${createdAt.toISOString()} is not on ${day}`);
  return {
    clientId: randomUUID(),
    eventId: EVENT_ID,
    scannerId,
    exhibitorId,
    scannedId,
    typeScanned: 'visitor' as const,
    createdAt,
    scanDay,
    note: i % 3 === 0 ? NOTES[i % NOTES.length]! : null,
    rating: i % 2 === 0 ? (i % 5) + 1 : null,
  };
}

async function insertScans(db: Db, rows: ReturnType<typeof scanRow>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2000) {
    await db.insert(scans).values(rows.slice(start, start + 2000));
  }
}

/** The exhibitor (signs in with PASSWORD), its collaborators, the visitors and the scans. */
async function fill(db: Db): Promise<void> {
  await seedReference(db);
  const [hall] = await db.select().from(gates).where(eq(gates.eventId, EVENT_ID)).limit(1);
  const [exhibitor] = await db
    .insert(users)
    .values({
      type: 'exhibitor',
      roleId: DEFAULT_ROLE_ID,
      name: 'Exposant Bench',
      email: EMAIL,
      username: EMAIL,
      phone: '+212 6 00000000',
      phoneNormalized: normalizePhone('+212 6 00000000'),
      company: 'Bench Matériaux',
      confirmed: true,
      emailOTPConfirmed: true,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id });
  const area = { eventId: EVENT_ID, confirmed: true, gateId: hall!.id, booth: 'A-01' };
  await db.insert(registrations).values({ ...area, userId: exhibitor!.id, type: 'exhibitor' });
  const collaborators = await db
    .insert(users)
    .values(
      Array.from({ length: COLLABORATORS }, (_, c) => {
        const phone = `+212 6 1000000${c}`;
        return {
          type: 'collaborator' as const,
          roleId: DEFAULT_ROLE_ID,
          name: `Collaborateur ${FIRST[c % FIRST.length]} ${c}`,
          email: `collaborateur-${c}@bench.example.com`,
          username: `collaborateur-${c}@bench.example.com`,
          phone,
          phoneNormalized: normalizePhone(phone),
          company: 'Bench Matériaux',
          exhibitorId: exhibitor!.id,
          confirmed: true,
        };
      }),
    )
    .returning({ id: users.id });
  await db
    .insert(registrations)
    .values(collaborators.map((u) => ({ ...area, userId: u.id, type: 'collaborator' as const })));

  const visitorIds: number[] = [];
  for (let start = 0; start < VISITORS; start += 1000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, VISITORS - start) }, (_, k) => {
          const i = start + k;
          return {
            type: 'visitor' as const,
            roleId: DEFAULT_ROLE_ID,
            name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
            email: `visiteur-${i}@bench.example.com`,
            username: `visiteur-${i}@bench.example.com`,
            phone: `+212 6 ${String(20_000_000 + i)}`,
            company: COMPANIES[i % COMPANIES.length],
            jobPosition: POSITIONS[i % POSITIONS.length],
            confirmed: true,
          };
        }),
      )
      .returning({ id: users.id });
    visitorIds.push(...rows.map((r) => r.id));
  }

  // Every visitor once by the exhibitor, a quarter of them on each day.
  const next = random(2024);
  await insertScans(
    db,
    visitorIds.map((id, i) => scanRow(exhibitor!.id, exhibitor!.id, id, SHOW_DAYS[i % SHOW_DAYS.length]!, next, i)),
  );
  // Each collaborator its own 500 visitors (also scanned by the exhibitor: another scanner).
  await insertScans(
    db,
    collaborators.flatMap((c, k) =>
      visitorIds
        .slice(k * PER_COLLABORATOR, (k + 1) * PER_COLLABORATOR)
        .map((id, i) => scanRow(c.id, exhibitor!.id, id, SHOW_DAYS[i % SHOW_DAYS.length]!, next, i)),
    ),
  );
}

/** The exhibitor's bearer token, signed in as the exhibitor area does (XSRF cookie and header). */
async function signIn(base: string): Promise<{ jwt: string; id: number }> {
  const cookie = (await fetch(`${base}/backend/api/health`)).headers.get('set-cookie')!.split(';')[0]!;
  const xsrf = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const res = await fetch(`${base}/backend/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, [XSRF_HEADER]: xsrf },
    body: JSON.stringify({ identifier: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { jwt: string; user: { id: number } };
  return { jwt: body.jwt, id: body.user.id };
}

/** `pid` and the processes it started, theirs, and so on. */
function family(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return [pid, ...(children ? children.split(/\s+/).flatMap((c) => family(Number(c))) : [])];
}

/**
 * The process that listens on `port`: startServer runs node itself (no npm or npx wrapper, tsx
 * loads in that process), but the memory read must be that of the server whatever starts it.
 */
function listeningPid(startedPid: number, port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    ['tcp', 'tcp6'].flatMap((table) =>
      readFileSync(`/proc/${startedPid}/net/${table}`, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        // local_address ends with the port, st 0A is LISTEN, field 9 is the socket's inode
        .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A')
        .map((f) => `socket:[${f[9]}]`),
    ),
  );
  for (const pid of family(startedPid)) {
    const fds = readdirSync(`/proc/${pid}/fd`);
    if (fds.some((fd) => inodes.has(safeReadlink(`/proc/${pid}/fd/${fd}`)))) return pid;
  }
  throw new Error(`no process of ${startedPid}'s family listens on ${port}`);
}

function safeReadlink(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
}

/** VmRSS and VmHWM (peak resident memory) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Makes VmHWM start again from the current resident size; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Downloads SCANS.xlsx to `file`: seconds to the last byte and bytes. */
async function download(url: string, headers: Record<string, string>, file: string) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
  if (!res.headers.get('content-type')?.includes('spreadsheetml')) {
    throw new Error(`export: content-type ${res.headers.get('content-type')}`);
  }
  await pipeline(Readable.fromWeb(res.body), createWriteStream(file));
  return { seconds: (performance.now() - started) / 1000, bytes: statSync(file).size };
}

/** Rows of the sheet (header included), distinct e-mails (column 3) and the first header cell. */
async function readBack(file: string) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  let rows = 0;
  let header = '';
  const emails = new Set<string>();
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows += 1;
      if (rows === 1) header = row.getCell(1).text;
      else emails.add(row.getCell(3).text);
    }
  }
  return { rows, emails: emails.size, header };
}

async function check(file: string, scanCount: number, what: string): Promise<void> {
  const got = await readBack(file);
  if (got.header !== 'Type' || got.rows !== scanCount + 1 || got.emails !== scanCount) {
    throw new Error(
      `${what}: ${got.rows} rows (header '${got.header}'), ${got.emails} different e-mails; expected ${scanCount + 1} rows, ${scanCount} e-mails`,
    );
  }
}

async function measure(label: string, env: Record<string, string>): Promise<string[][]> {
  const server = await startServer({ ...env, DEMO_DATA: 'false' });
  const rows: string[][] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-scans-xlsx-'));
  try {
    const pid = listeningPid(server.child.pid!, Number(new URL(server.base).port));
    const { jwt, id: exhibitorId } = await signIn(server.base);
    const auth = { authorization: `Bearer ${jwt}` };

    // The export first, on a server that has done nothing else since it started.
    const exportUrl = `${server.base}/backend/api/scans/export?table=scansExposant`;
    const before = memory(pid);
    const reset = resetPeak(pid);
    const runs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < EXPORTS; i++) {
      const file = path.join(dir, `own-${i}.xlsx`);
      const run = await download(exportUrl, auth, file);
      runs.push(run.seconds);
      bytes = run.bytes;
    }
    const after = memory(pid);
    // Read back outside the measured time: a wrong file must not count as fast.
    for (let i = 0; i < EXPORTS; i++) await check(path.join(dir, `own-${i}.xlsx`), VISITORS, `${label} export ${i}`);
    const collaboratorsFile = path.join(dir, 'collaborators.xlsx');
    const collaboratorsRun = await download(
      `${server.base}/backend/api/scans/export?table=scansByCollaborators`,
      auth,
      collaboratorsFile,
    );
    await check(collaboratorsFile, COLLABORATORS * PER_COLLABORATOR, `${label} collaborators' export`);

    const exportSeconds = median(runs);
    const peakNote = reset ? 'peak during the exports' : 'peak since start (VmHWM not resettable)';
    rows.push(
      [
        label,
        `SCANS.xlsx, ${VISITORS.toLocaleString('en')} own scans (median of ${EXPORTS})`,
        `${exportSeconds.toFixed(2)} s (min ${Math.min(...runs).toFixed(2)}, max ${Math.max(...runs).toFixed(2)}), ${(bytes / 1e6).toFixed(1)} MB, rows checked`,
        `≤ ${TARGETS.exportSeconds} s`,
        verdict(exportSeconds <= TARGETS.exportSeconds),
      ],
      [
        label,
        `server RSS before → ${peakNote} (pid ${pid})`,
        `${before.rss.toFixed(0)} MB → ${after.peak.toFixed(0)} MB`,
        `≤ ${TARGETS.peakMb} MB`,
        verdict(after.peak <= TARGETS.peakMb),
      ],
      [
        label,
        `SCANS.xlsx, ${(COLLABORATORS * PER_COLLABORATOR).toLocaleString('en')} collaborators' scans`,
        `${collaboratorsRun.seconds.toFixed(2)} s, ${(collaboratorsRun.bytes / 1e6).toFixed(1)} MB, rows checked`,
        '',
        'no target',
      ],
    );

    const own = (page: number) => `/backend/api/scans?${toQueryString({ pagination: { page } })}`;
    const cases = [
      { name: 'list, page 1', path: own(1), total: VISITORS },
      { name: 'list, page 500', path: own(500), total: VISITORS },
      {
        name: "collaborators' list, page 1",
        path: `/backend/api/scans?${toQueryString({ filters: { scanner: { exhibitor: { id: { $eq: exhibitorId } } } } })}`,
        total: COLLABORATORS * PER_COLLABORATOR,
      },
    ];
    // Compressed, as the browser asks for it.
    const headers = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
    for (const c of cases) {
      const res = await fetch(server.base + c.path, { headers: auth });
      const body = (await res.json()) as { data?: unknown[]; meta?: { pagination?: { total?: number } } };
      if (!res.ok || body.data?.length !== 50 || body.meta?.pagination?.total !== c.total) {
        throw new Error(
          `${label} ${c.name}: HTTP ${res.status}, ${body.data?.length} rows of ${body.meta?.pagination?.total}`,
        );
      }
      // Alone (the time of a page), then at 10 connections (the target, as in bench:directory).
      const alone = await autocannon({ url: server.base + c.path, headers, connections: 1, duration: DURATION / 2 });
      const run = await autocannon({ url: server.base + c.path, headers, connections: 10, duration: DURATION });
      const errors = [alone, run].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      // A run in which no answer came back has no latency to speak of: it is no pass.
      const answered = alone['2xx'] > 0 && run['2xx'] > 0;
      rows.push([
        label,
        `${c.name} (50 of ${c.total.toLocaleString('en')})`,
        `@1: p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms; @10: p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, ${Math.round(run.requests.average)} req/s; ${errors} errors`,
        `p99 ≤ ${TARGETS.listP99} ms @10`,
        verdict(answered && errors === 0 && run.latency.p99 <= TARGETS.listP99),
      ]);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The server's resident memory once started with the demo data and left alone. */
async function atRest(label: string, env: Record<string, string>): Promise<string[]> {
  const server = await startServer({ ...env, DEMO_DATA: 'true' });
  try {
    const pid = listeningPid(server.child.pid!, Number(new URL(server.base).port));
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const processes = family(pid);
    const rss = processes.reduce((sum, p) => sum + memory(p).rss, 0);
    const startPeak = memory(pid).peak;
    return [
      label,
      `server RSS at rest, demo data, ${REST_SECONDS} s after start (${processes.length} process${processes.length > 1 ? 'es' : ''})`,
      `${rss.toFixed(0)} MB (peak while starting ${startPeak.toFixed(0)} MB)`,
      `≤ ${TARGETS.restMb} MB`,
      verdict(rss <= TARGETS.restMb),
    ];
  } finally {
    await server.stop();
  }
}

const rows = [
  await atRest('PGlite', {}),
  await withBenchDatabase((url) => atRest('PostgreSQL', { DATABASE_URL: url })),
  ...(await onBothDatabases(fill, measure)),
];

console.info(
  `One exhibitor: ${VISITORS.toLocaleString('en')} scans of its own over the four show days, ${(COLLABORATORS * PER_COLLABORATOR).toLocaleString('en')} by ${COLLABORATORS} collaborators; lists ${DURATION} s per run; targets: at rest ≤ ${TARGETS.restMb} MB, list p99 ≤ ${TARGETS.listP99} ms for a page, SCANS.xlsx ≤ ${TARGETS.exportSeconds} s and ≤ ${TARGETS.peakMb} MB peak for the server process`,
);
printTable(['database', 'measure', 'value', 'target', 'result'], rows);
process.exit(rows.some((r) => r[4] === 'MISS') ? 1 : 0);
