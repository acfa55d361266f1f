/**
 * Replays the proofs of concept of the second security review (N1–N7, I4) against the server as
 * `npm start` runs it, on the default limits, and prints one row per finding: what was sent, what
 * came back, and REFUSED or OPEN. Exits non-zero when one is open. Run it with
 * `npm run security:replay-2`.
 *
 * As in the review: a server with the defaults and demo data (HOST left unset), where the
 * uploads, the account proofs and the listening socket are checked; a start with HOST=0.0.0.0;
 * and a server with TRUST_PROXY=1, where requests come forwarded as from a reverse proxy.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download } from '../file-downloads';
import { downloader, probe, uploadPdf } from '../lib/file-load';
import { ms, median, percentile } from '../lib/stats';
import { client, DEFAULT_LIMITS, findings, mailsTo, refusedStart, statuses, waitFor, type Answer } from './review';
import { startServer } from '../start-server';

const { verdict, print } = findings('REFUSED');

/** N1: the review's file, and how many GETs it fired at once (twice: 30 in all). */
const LARGE_PDF_BYTES = 15_000_000;
const AT_ONCE = 15;
/**
 * N1: the bound on the other requests' p99 while the file is downloaded. The review saw a median
 * of 1.2 s and a worst case of 51 s; this shared 2-core machine gives outliers over 100 ms
 * even idle, so the bound tells those apart, not the 100 ms target of bench:files.
 */
const SIB_P99_BOUND_MS = 500;
/**
 * N1: the timer of GET sib calls, 20 ms apart, each phase from an address of its own
 * (127.0.52.x): within the API's default budget of 600 a minute per address for 12 s a phase.
 */
const TIMER_PAUSE_MS = 20;
/** N1: the review's 400 GETs of a small upload, then more, past the default budget of 600. */
const SMALL_PDF_BYTES = 50_000;
const FILE_BUDGET = Number(DEFAULT_LIMITS.FILE_RATE_LIMIT);
/** N6: the review's lure, a bare host name with no scheme, 'www.' or '@'. */
const LURE = 'Urgent : validez votre badge sur salon-btp-badges.example/valider';

/** Every answer the replay received, for I4. */
const answers: { answer: Answer; request: string }[] = [];
const seen = (answer: Answer, method: string, url: string) => answers.push({ answer, request: `${method} ${url}` });

/** '400 noLink', '429', '201': a status and the first reason the error body gives. */
function reason(answer: Answer): string {
  const error = answer.body.error as
    { message?: string; details?: { code?: string; errors?: { message: string }[] } } | undefined;
  const why = error?.details?.errors?.[0]?.message ?? error?.details?.code;
  return why ? `${answer.status} ${why}` : String(answer.status);
}

interface Account {
  token: string;
  user: { id: number; name: string; email: string; phone: string; company: string };
}

async function signIn(api: ReturnType<typeof client>, route: string, identifier: string, password: string) {
  const res = await api('POST', `/backend/api/auth/${route}`, { body: { identifier, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${identifier}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return { token: String(res.body.jwt), user: res.body.user as Account['user'] };
}

/** 'Informations' → 'Sauvegarder' of a signed-in exhibitor, with `changes`. */
const saveInfo = (api: ReturnType<typeof client>, who: Account, changes: Record<string, string>) =>
  api('PUT', `/backend/api/users/${who.user.id}`, {
    token: who.token,
    body: { name: who.user.name, email: who.user.email, phone: who.user.phone, company: who.user.company, ...changes },
  });

/** The listening sockets of a port, as `ss -ltn` shows them. */
function listening(port: string): string[] {
  return execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/)[3] ?? line);
}

/**
 * N1: `count` GETs of `url` at once from one address, in a process of their own; with `timer`
 * (the timer's address), GET sib is timed meanwhile, from once that process is ready (its start is
 * no part of the load). A timer refused or failing gives no figures and says why.
 */
async function downloads(url: string, address: string, count: number, timer?: string) {
  const child = await downloader();
  const timing = timer ? probe(new URL(url).origin, { localAddress: timer, pauseMs: TIMER_PAUSE_MS }) : undefined;
  const results = await child.run({ url, addresses: Array.from({ length: count }, () => address) });
  let failed: string | undefined;
  const probes = (await timing?.stop().catch((err: Error) => ((failed = err.message), []))) ?? [];
  return { results, probes, failed };
}

async function n1(base: string, api: ReturnType<typeof client>): Promise<void> {
  const idleTimer = probe(base, { localAddress: '127.0.52.1', pauseMs: TIMER_PAUSE_MS });
  await new Promise((r) => setTimeout(r, 2_000));
  const idle = await idleTimer.stop();
  const large = await uploadPdf(base, LARGE_PDF_BYTES);
  // Anonymous from here on, all from one address, as the review's curl: 15 at once, twice.
  const address = '127.0.50.1';
  const got: Download[] = [];
  const during: number[] = [];
  const failures: string[] = [];
  let seconds = 0;
  for (let wave = 0; wave < 2; wave++) {
    const { results, probes, failed } = await downloads(base + large, address, AT_ONCE, `127.0.52.${wave + 2}`);
    got.push(...results);
    seconds += Math.max(...results.map((d) => d.ms)) / 1000;
    during.push(...probes);
    if (failed) failures.push(failed);
  }
  const whole = got.filter((d) => d.status === 200 && d.bytes === LARGE_PDF_BYTES).length;
  const { results: burst } = await downloads(base + large, address, AT_ONCE);
  const p99 = percentile(during, 0.99);
  verdict(
    'N1',
    `upload a 15 MB PDF; 2×${AT_ONCE} anonymous GETs at once, GET sib timed meanwhile; ${AT_ONCE} more`,
    `${statuses(got.map((d) => d.status))} (${whole} whole) in ${seconds.toFixed(1)} s; ${during.length} sib calls ` +
      `p50/p99/max ${ms(median(during))}/${ms(p99)}/${ms(Math.max(...during))} ms (idle p50/max ` +
      `${ms(median(idle))}/${ms(Math.max(...idle))}; bound p99 < ${SIB_P99_BOUND_MS})` +
      `${failures.length ? `, timer: ${failures.join('; ')}` : ''}; ${AT_ONCE} more: ${statuses(burst.map((d) => d.status))}`,
    whole === 2 * AT_ONCE && !failures.length && p99 < SIB_P99_BOUND_MS && burst.some((d) => d.status === 429),
  );

  // The review's 400 GETs of a small upload, then more than the rest of the budget, one address.
  const small = await uploadPdf(base, SMALL_PDF_BYTES);
  const { results: first } = await downloads(base + small, '127.0.51.1', 400);
  const { results: more } = await downloads(base + small, '127.0.51.1', FILE_BUDGET - 400 + 50);
  verdict(
    'N1',
    `${400 + more.length} anonymous GETs of a 50 KB upload from one address (400, then ${more.length})`,
    `${statuses(first.map((d) => d.status))}, then ${statuses(more.map((d) => d.status))}`,
    more.some((d) => d.status === 429),
  );
  // I4 for a file, a page and a static asset (the downloads above report no headers).
  await api('GET', small);
  const home = await api('GET', '/');
  const script = /\/assets\/[\w.-]+\.js/.exec(home.text)?.[0];
  if (script) await api('GET', script);
  await api('GET', '/backend/nope');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-review-'));
  const logFile = path.join(dataDir, '..', `${path.basename(dataDir)}.log`);
  // As `npm start` runs it: HOST left to its default, demo data on.
  const server = await startServer(
    { ...DEFAULT_LIMITS, DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO_DATA: 'true', HOST: undefined },
    logFile,
  );
  const api = client(server.base, seen);
  const run = Date.now().toString(36);
  try {
    // N2: where the default start listens.
    const port = new URL(server.base).port;
    const sockets = listening(port);
    const logged = readFileSync(logFile, 'utf8')
      .split('\n')
      .map((l) => /Server listening at (\S+?)"/.exec(l)?.[1])
      .filter(Boolean);
    verdict(
      'N2',
      'npm start with demo data, HOST unset: ss -ltn and the log',
      `socket ${sockets.join(', ') || 'none'}; log ${logged.join(', ') || 'none'}`,
      sockets.length > 0 &&
        sockets.every((s) => s === `127.0.0.1:${port}`) &&
        logged.length > 0 &&
        logged.every((l) => l === `http://127.0.0.1:${port}`),
    );

    await n1(server.base, api);

    const a = await signIn(api, 'local', 'exposant@example.com', 'Exposant2024!');
    const b = await signIn(api, 'local', 'exposant2@example.com', 'Exposant2024!');

    // N4: B saves its 'Informations' with A's phone, then adds a collaborator with it.
    const taken = await saveInfo(api, b, { phone: a.user.phone });
    await saveInfo(api, b, {});
    const added = await api('POST', '/backend/api/auth/local/register/', {
      token: b.token,
      body: {
        name: 'Samir Haddad',
        jobPosition: 'Conducteur de travaux',
        email: `n4-${run}@example.org`,
        phone: a.user.phone,
      },
    });
    const exists = added.text.includes('existe déjà');
    verdict(
      'N4',
      `B saves 'Informations' with A's phone ${a.user.phone}; B adds a collaborator with it`,
      `${reason(taken)}${taken.text.includes('phoneTaken') ? '' : ' (no phoneTaken)'}; ` +
        `${added.status}${exists ? ' COLLABORATOR_EXISTS' : ' (not COLLABORATOR_EXISTS)'}`,
      taken.status === 200 && !taken.text.includes('phoneTaken') && added.status === 201 && !exists,
    );

    // N5: six saves of A's 'Informations' with one foreign address.
    const foreign = `n5-${run}@example.org`;
    const saves: string[] = [];
    for (let i = 0; i < 6; i++) {
      saves.push(reason(await saveInfo(api, a, { email: foreign, currentPassword: 'Exposant2024!' })));
    }
    await waitFor(() => (mailsTo(dataDir, foreign).length ? true : undefined));
    await new Promise((r) => setTimeout(r, 3_000));
    const changeMails = mailsTo(dataDir, foreign).length;
    verdict(
      'N5',
      "6 saves of A's 'Informations' with one foreign e-mail",
      `${saves.join(', ')}; ${changeMails} mail(s) delivered to it`,
      changeMails <= 3,
    );

    // N6: the lure as A's company, and in a collaborator's name; a collaborator's access mail.
    const company = await saveInfo(api, a, { company: LURE });
    const lureName = await api('POST', '/backend/api/auth/local/register/', {
      token: a.token,
      body: {
        name: `Karim ${LURE}`,
        jobPosition: 'Chef de chantier',
        email: `lure-name-${run}@example.org`,
        phone: '+212 7 11 22 33 45',
      },
    });
    const lureTo = `lure-${run}@example.org`;
    const access = await api('POST', '/backend/api/auth/local/register/', {
      token: a.token,
      body: { name: 'Karim Alaoui', jobPosition: 'Chef de chantier', email: lureTo, phone: '+212 7 11 22 33 44' },
    });
    const mail = await waitFor(() => mailsTo(dataDir, lureTo)[0]);
    const lured = mail?.includes('salon-btp-badges') ?? false;
    verdict(
      'N6',
      'company set to the lure; a collaborator named with it; a new collaborator’s access mail',
      `${reason(company)}; ${reason(lureName)}; ${access.status}, mail ${mail ? (lured ? 'holds the lure' : 'without the lure') : 'not received'}`,
      company.status === 400 && company.text.includes('noLink') && lureName.status === 400 && Boolean(mail) && !lured,
    );

    // N3: B's session tries 40 wrong current passwords, then the right one.
    const wrong: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const res = await saveInfo(api, b, { email: `n3-${run}@example.org`, currentPassword: `Wrong${i}` });
      wrong.push(res.status);
    }
    const right = await saveInfo(api, b, { email: `n3-${run}@example.org`, currentPassword: 'Exposant2024!' });
    const told = await waitFor(() => (mailsTo(dataDir, b.user.email).length ? true : undefined), 5_000);
    verdict(
      'N3',
      '40 wrong currentPassword on a new e-mail, then the right one',
      `${statuses(wrong)}; right one ${right.status}; owner ${told ? 'mailed' : 'not mailed'}`,
      right.status !== 200 && wrong.filter((s) => s === 400).length <= 5,
    );
  } finally {
    await server.stop();
    rmSync(logFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }

  // N2: a socket other machines reach, with the demo accounts.
  const open = await refusedStart({ HOST: '0.0.0.0', DEMO_DATA: 'true' });
  verdict(
    'N2',
    'npm start with HOST=0.0.0.0 and DEMO_DATA=true',
    `exit ${open.code}: ${open.line}`,
    open.code !== 0 && /^Refusing to start: HOST is 0\.0\.0\.0/.test(open.line),
  );

  // N7: behind one proxy (TRUST_PROXY=1), what a forwarded request learns of the back end.
  const proxied = await startServer({ ...DEFAULT_LIMITS, TRUST_PROXY: '1' });
  try {
    const api = client(proxied.base, seen);
    const forwarded = { 'x-forwarded-for': '203.0.113.7' };
    const adminPaths = (doc: Answer) =>
      Object.keys((doc.body.paths as object | undefined) ?? {}).filter((p) => /\/admin(\/|$)/.test(p)).length;
    const publicDocs = await api('GET', '/backend/docs', { headers: forwarded });
    const localDocs = await api('GET', '/backend/docs');
    const health = await api('GET', '/backend/api/health', { headers: forwarded });
    const ready: number[] = [];
    for (let i = 0; i < 400; i++) {
      ready.push((await api('GET', '/backend/api/health/ready', { headers: forwarded })).status);
    }
    const told = ['database', 'now'].filter((key) => key in health.body);
    verdict(
      'N7',
      'forwarded: GET /backend/docs, /backend/api/health, 400 × /health/ready',
      `docs ${publicDocs.status}, ${adminPaths(publicDocs)} /admin paths (unforwarded from this machine: ` +
        `${adminPaths(localDocs)}); health ${health.text.slice(0, 40)}; ready ${statuses(ready)}`,
      publicDocs.status === 200 && adminPaths(publicDocs) === 0 && told.length === 0 && ready.includes(429),
    );
  } finally {
    await proxied.stop();
  }

  // I4: every answer of the replay, pages, API, files, errors and 429s alike.
  const without = answers.filter(({ answer }) => !answer.headers.get('permissions-policy'));
  const policy = answers[0]?.answer.headers.get('permissions-policy') ?? '';
  verdict(
    'I4',
    'Permissions-Policy on every answer of this replay',
    `${answers.length - without.length} of ${answers.length} (${statuses(answers.map((a) => a.answer.status))}) ` +
      `with '${policy.slice(0, 40)}…'${without.length ? `; none on ${without[0]!.request}` : ''}`,
    answers.length > 0 && without.length === 0 && /camera=\(self\)/.test(policy) && /microphone=\(\)/.test(policy),
  );

  print();
}

await main();
