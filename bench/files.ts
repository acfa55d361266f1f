/**
 * A large upload downloaded by many at once (N1 of `npm run security:replay-2`). The built server with the demo data,
 * the file budgets at their defaults; signed in as the demo organiser, the bench uploads a 20 MB
 * PDF to the media library, then, while GET /backend/api/sib is timed call after call:
 * - 'cold': 50 downloads of it at once, from 50 addresses (127.0.x.y), before the server has it
 *   in memory;
 * - 'warm': 50 more at once, from 50 other addresses;
 * - 'one address': 50 at once from a single address, which its large files' budget
 *   (LARGE_FILE_RATE_LIMIT, 30 a minute) cuts short: 30 answered, 20 refused with 429.
 * Each phase runs BENCH_ROUNDS times (default 3), each round with a PDF of its own.
 * The downloads run in a process of their own (file-downloads.ts). On PGlite, then on PostgreSQL
 * (BENCH_DATABASE_URL, default the local server).
 *
 * Target: the other requests' p99 under 100 ms in every phase. MISS and a non-zero exit
 * when it is missed, a download fails, or a body is short.
 *
 *   npm run bench:files
 */
import { downloader, probe, uploadPdf } from './lib/file-load';
import { memory } from './lib/process-memory';
import { median, ms, percentile, verdict } from './lib/stats';
import { printTable, startServer, withBenchDatabase } from './start-server';

const FILE_BYTES = 20 * 1024 * 1024;
const DOWNLOADS = 50;
const TARGET_P99_MS = 100;
const IDLE_MS = 3_000;
/** Rounds of each phase (each with a file of its own): more calls timed, a p99 less left to chance. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The file budgets as they are by default (start-server.ts lifts every budget for the benches). */
const DEFAULT_BUDGETS = { FILE_RATE_LIMIT: '600', LARGE_FILE_RATE_LIMIT: '30' };
const LARGE_BUDGET = Number(DEFAULT_BUDGETS.LARGE_FILE_RATE_LIMIT);

interface Phase {
  database: string;
  phase: string;
  ok: number;
  refused: number;
  failed: number;
  seconds: number;
  probes: number[];
  /** Whether the phase got what it should: whole bodies, and 429s only where the budget says so. */
  expected: boolean;
}

interface Round {
  url: string;
  addresses: string[];
  /** 429s this round should get (the large files' budget of its one address). */
  refused: number;
}

/** The rounds of one phase one after the other, each timed while GET sib is; figures summed. */
async function phase(database: string, name: string, base: string, rounds: Round[]): Promise<Phase> {
  const total: Phase = { database, phase: name, ok: 0, refused: 0, failed: 0, seconds: 0, probes: [], expected: true };
  for (const round of rounds) {
    const client = await downloader();
    const timer = probe(base);
    const started = performance.now();
    const results = await client.run({ url: base + round.url, addresses: round.addresses });
    total.seconds += (performance.now() - started) / 1000;
    total.probes.push(...(await timer.stop()));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429).length;
    for (const r of results.filter((d) => d.status !== 200 && d.status !== 429)) {
      console.error(`${database} ${name}: download failed: ${r.error ?? `HTTP ${r.status}`}`);
    }
    total.ok += ok.length;
    total.refused += refused;
    total.failed += results.length - ok.length - refused;
    total.expected &&= ok.every((r) => r.bytes === FILE_BYTES) && refused === round.refused;
  }
  return total;
}

async function idle(database: string, base: string): Promise<Phase> {
  const timer = probe(base);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const probes = await timer.stop();
  return {
    database,
    phase: 'idle (no download)',
    ok: 0,
    refused: 0,
    failed: 0,
    seconds: IDLE_MS / 1000,
    probes,
    expected: true,
  };
}

/** `count` addresses of 127.0.<block>.x: every one is this machine's, and a visitor of its own for the budgets. */
const addresses = (block: number, count: number) => Array.from({ length: count }, (_, i) => `127.0.${block}.${i + 1}`);

async function measure(database: string, env: Record<string, string>): Promise<{ phases: Phase[]; rss: number }> {
  const server = await startServer({ ...env, ...DEFAULT_BUDGETS, DEMO_DATA: 'true', MAIL_WORKER: 'false' });
  try {
    // A file per round, so that each cold round finds its file in no memory.
    const urls: string[] = [];
    for (let i = 0; i < ROUNDS; i++) urls.push(await uploadPdf(server.base, FILE_BYTES));
    const rounds = (make: (url: string, i: number) => Round) => urls.map(make);
    return {
      phases: [
        await idle(database, server.base),
        await phase(
          database,
          `cold: ${DOWNLOADS} at once, not in memory`,
          server.base,
          rounds((url, i) => ({ url, addresses: addresses(10 + i, DOWNLOADS), refused: 0 })),
        ),
        await phase(
          database,
          `warm: ${DOWNLOADS} at once, in memory`,
          server.base,
          rounds((url, i) => ({ url, addresses: addresses(20 + i, DOWNLOADS), refused: 0 })),
        ),
        await phase(
          database,
          `one address: ${DOWNLOADS} at once`,
          server.base,
          rounds((url, i) => ({
            url,
            addresses: Array.from({ length: DOWNLOADS }, () => `127.0.30.${i + 1}`),
            refused: DOWNLOADS - LARGE_BUDGET,
          })),
        ),
      ],
      rss: memory(server.child.pid!).rss,
    };
  } finally {
    await server.stop();
  }
}

const results = [await measure('PGlite', {})];
results.push(await withBenchDatabase((url) => measure('PostgreSQL', { DATABASE_URL: url })));

let missed = false;
const rows = results.flatMap(({ phases }) =>
  phases.map((p) => {
    const p99 = percentile(p.probes, 0.99);
    const ok = p99 < TARGET_P99_MS && p.failed === 0 && p.expected;
    missed ||= !ok;
    return [
      p.database,
      p.phase,
      p.phase.startsWith('idle') ? '-' : `${p.ok} / ${p.refused} / ${p.failed}`,
      p.seconds.toFixed(1),
      String(p.probes.length),
      ms(median(p.probes)),
      ms(p99),
      ms(Math.max(...p.probes)),
      `< ${TARGET_P99_MS}`,
      verdict(ok),
    ];
  }),
);
console.info(
  `\nA ${FILE_BYTES / 1024 / 1024} MB PDF downloaded ${DOWNLOADS} times at once, ${ROUNDS} rounds a phase (a PDF each), while GET /backend/api/sib is timed call after call\n`,
);
printTable(
  [
    'database',
    'phase',
    '200 / 429 / failed',
    'seconds',
    'sib calls',
    'sib p50 ms',
    'sib p99 ms',
    'sib max ms',
    'target p99',
    'result',
  ],
  rows,
);
console.info(
  `\nServer memory (RSS) after the three phases: ${results.map((r, i) => `${['PGlite', 'PostgreSQL'][i]} ${r.rss.toFixed(0)} MB`).join(', ')}.`,
);
if (missed) process.exitCode = 1;
