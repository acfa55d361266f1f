/**
 * `npm run cluster [-- start|restart|stop|status]`: the production layout on this one machine.
 * Three API instances (plain node on the compiled build) on the machine's PostgreSQL and Redis,
 * behind Caddy at https://localhost:8443 with Caddy's own certificate authority (a phone's camera
 * needs HTTPS). Caddy checks each instance's /backend/api/health/ready every second and sends a
 * request to another instance when one does not take it.
 *
 * The instances behind Caddy only queue mails (MAIL_WORKER=false). A fourth one, the mailer, sends
 * them: it is outside Caddy and runs at a lower priority (nice 10), so a badge mail's PDF never
 * delays a visitor's request; on a quiet machine it takes the free CPU. CLUSTER_MAILER=false
 * leaves it out, and each instance behind Caddy then sends mails itself.
 *
 * - start (the default): builds, creates the database if needed, starts whatever is not running
 *   (so it also brings back an instance that crashed), waits until every instance is ready.
 *   CLUSTER_BUILD=false starts from the build already there (after a crash of every instance).
 * - restart: one instance at a time: SIGTERM (it answers 'not ready' for SHUTDOWN_DRAIN_SECONDS
 *   while Caddy stops sending it requests, finishes those in flight, then exits), start it again,
 *   wait until Caddy sees it ready, then the next one. No request fails.
 * - stop: every instance and Caddy, with SIGTERM.
 * - status: each process, its pid and whether it is ready.
 *
 * Everything lives under data/cluster/ (CLUSTER_DIR): the shared secrets (generated once), pid
 * files, logs and Caddy's storage (its root certificate: caddy/pki/authorities/local/root.crt).
 * CLUSTER_INSTANCES (3), CLUSTER_FIRST_PORT (3101; the mailer listens on the port after the last
 * instance's, on 127.0.0.1, for its readiness), CLUSTER_HTTPS_PORT (8443), CLUSTER_HTTP_PORT
 * (8080), CLUSTER_MAILER (true), DATABASE_URL (postgres://postgres@127.0.0.1:5432/salon_cluster) and REDIS_URL
 * (redis://127.0.0.1:6379) change the layout; any other variable reaches every instance.
 * The folder's layout and how a process is started, found and waited for are in
 * scripts/cluster-processes.ts, which the cluster benches (bench/lib/bench-cluster.ts) share.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { clusterFolder, instanceName, waitUntil, type ClusterSecrets } from './cluster-processes';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.resolve(root, process.env.CLUSTER_DIR ?? 'data/cluster');
const folder = clusterFolder(dir);
const env = process.env;
const instances = Number(env.CLUSTER_INSTANCES ?? 3);
const firstPort = Number(env.CLUSTER_FIRST_PORT ?? 3101);
export const CLUSTER = {
  url: `https://localhost:${env.CLUSTER_HTTPS_PORT ?? 8443}`,
  httpsPort: Number(env.CLUSTER_HTTPS_PORT ?? 8443),
  httpPort: Number(env.CLUSTER_HTTP_PORT ?? 8080),
  /** The instances behind Caddy. */
  ports: Array.from({ length: instances }, (_, i) => firstPort + i),
  /** The mailer's port (readiness only: Caddy never sends it a request), or null without one. */
  mailerPort: env.CLUSTER_MAILER === 'false' ? null : firstPort + instances,
  databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/salon_cluster',
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  drainSeconds: 2,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => console.info(line);
const { pidFile, logFile, pidOf } = folder;

async function ready(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/backend/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, seconds = 120): Promise<void> {
  if (!(await waitUntil(check, seconds, 100))) throw new Error(`${what}: not after ${seconds} s`);
}

/** JWT_SECRET and BADGE_PRIVATE_KEY, made once and given to every instance. */
function secrets(): ClusterSecrets {
  if (!existsSync(folder.secretsFile)) folder.writeNewSecrets();
  return JSON.parse(readFileSync(folder.secretsFile, 'utf8')) as ClusterSecrets;
}

async function ensureDatabase(): Promise<void> {
  const url = new URL(CLUSTER.databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database "${name.replaceAll('"', '""')}"`);
      say(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

function ensureCaddy(): string {
  const found = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0) {
    say("Caddy is missing: installing Debian's caddy package…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'caddy'], {
      stdio: 'inherit',
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return '/usr/bin/caddy';
  }
  throw new Error('Caddy is missing: install it (sudo apt-get install caddy) and run this again.');
}

function caddyfile(): string {
  const upstreams = CLUSTER.ports.map((p) => `127.0.0.1:${p}`).join(' ');
  return `{
	admin off
	skip_install_trust
	http_port ${CLUSTER.httpPort}
	https_port ${CLUSTER.httpsPort}
	storage file_system ${path.join(dir, 'caddy')}
}

localhost:${CLUSTER.httpsPort} {
	tls internal
	encode zstd gzip
	# No HTTP cache in stock Caddy: files are cached by the browsers (the API's headers) and in memory.
	reverse_proxy ${upstreams} {
		lb_policy round_robin
		# A request an instance did not take (stopped, killed) goes to another one.
		lb_try_duration 10s
		lb_try_interval 100ms
		health_uri /backend/api/health/ready
		health_interval 1s
		health_timeout 2s
		fail_duration 5s
		header_up X-Request-Id {http.request.uuid}
	}
}
`;
}

/** api-<port> for the instances behind Caddy, mailer for the mailer. */
const nameOf = (port: number) => (port === CLUSTER.mailerPort ? 'mailer' : instanceName(port));
/** Every API process: the instances behind Caddy, then the mailer. */
const allPorts = () => (CLUSTER.mailerPort === null ? CLUSTER.ports : [...CLUSTER.ports, CLUSTER.mailerPort]);

function startInstance(port: number, shared: ClusterSecrets): void {
  const name = nameOf(port);
  const mailer = port === CLUSTER.mailerPort;
  const node = [process.execPath, '--enable-source-maps', 'apps/api/dist/server.js'];
  // nice execs node: the pid is node's.
  const [command, ...args] = mailer ? ['nice', '-n', '10', ...node] : node;
  folder.startDetached(name, command!, args, {
    cwd: root,
    env: {
      ...env,
      ...shared,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: CLUSTER.databaseUrl,
      REDIS_URL: CLUSTER.redisUrl,
      PUBLIC_URL: CLUSTER.url,
      TRUST_PROXY: '1',
      DEMO_DATA: env.DEMO_DATA ?? 'true',
      DATA_DIR: path.join(dir, 'instances', name),
      SHUTDOWN_DRAIN_SECONDS: String(CLUSTER.drainSeconds),
      LOG_LEVEL: env.LOG_LEVEL ?? 'info',
      ...(CLUSTER.mailerPort === null ? {} : { MAIL_WORKER: mailer ? 'true' : 'false' }),
    },
  });
}

function startCaddy(caddy: string): void {
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(file, caddyfile());
  folder.startDetached('caddy', caddy, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...env, HOME: dir, XDG_DATA_HOME: path.join(dir, 'caddy'), XDG_CONFIG_HOME: path.join(dir, 'caddy') },
  });
}

async function stopProcess(name: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const pid = pidOf(name);
  if (pid === null) return;
  process.kill(pid, signal);
  await waitFor(() => pidOf(name) === null, `${name} stopping`, 30);
  rmSync(pidFile(name), { force: true });
}

/** Whether Caddy answers through TLS (its certificate is its own authority's: not checked here). */
async function caddyAnswers(): Promise<boolean> {
  const { request } = await import('node:https');
  return new Promise((resolve) => {
    const req = request(
      `${CLUSTER.url}/backend/api/health/live`,
      { rejectUnauthorized: false, timeout: 2000 },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function start(): Promise<void> {
  const caddy = ensureCaddy();
  for (const sub of ['run', 'logs', 'instances', 'caddy'])
    mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
  // A running instance serves the build it started with: a missing one is started from the same
  // build, never from a newer one. With nothing running, build what the checkout holds, unless
  // CLUSTER_BUILD=false: a supervisor bringing back every instance after a crash starts the
  // build they ran (apps/api/dist), at once.
  if (env.CLUSTER_BUILD !== 'false' && allPorts().every((p) => pidOf(nameOf(p)) === null)) {
    say('building (npm run build)…');
    try {
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
    } catch (err) {
      const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
      console.error(`${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
      throw new Error('npm run build failed (above)');
    }
  }
  await ensureDatabase();
  const shared = secrets();
  // The first instance migrates and seeds alone; the others then start together.
  const [first, ...others] = allPorts();
  for (const group of [[first!], others]) {
    for (const port of group) if (pidOf(nameOf(port)) === null) startInstance(port, shared);
    for (const port of group)
      await waitFor(() => ready(port), `${nameOf(port)} on port ${port} ready (see ${logFile(nameOf(port))})`);
  }
  if (pidOf('caddy') === null) startCaddy(caddy);
  await waitFor(caddyAnswers, `Caddy at ${CLUSTER.url} (see ${logFile('caddy')})`, 60);
  await status();
  say(
    `\nOpen ${CLUSTER.url} (Caddy's own authority: accept it once, or trust ${path.join(dir, 'caddy/pki/authorities/local/root.crt')}).`,
  );
}

async function restart(): Promise<void> {
  const shared = secrets();
  for (const port of CLUSTER.ports) {
    const name = instanceName(port);
    const began = Date.now();
    await stopProcess(name);
    startInstance(port, shared);
    await waitFor(() => ready(port), `${name} ready again`);
    // Caddy looks every second: once it has seen this one ready, the next may stop.
    await sleep(1500);
    say(`${name} restarted in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
  // The mailer last: on SIGTERM it finishes the mails it is sending, and the outbox keeps the
  // others until it is back (a killed mailer's claims are taken again after their 30-s lease).
  if (CLUSTER.mailerPort !== null) {
    const began = Date.now();
    await stopProcess('mailer');
    startInstance(CLUSTER.mailerPort, shared);
    await waitFor(() => ready(CLUSTER.mailerPort!), 'mailer ready again');
    say(`mailer restarted in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
}

async function stop(): Promise<void> {
  await Promise.all([...allPorts().map((p) => stopProcess(nameOf(p))), stopProcess('caddy')]);
  say('cluster stopped');
}

async function status(): Promise<void> {
  for (const port of allPorts()) {
    const pid = pidOf(nameOf(port));
    const state = pid === null ? 'stopped' : (await ready(port)) ? 'ready' : 'not ready';
    const role = port === CLUSTER.mailerPort ? ' (sends the mails; outside Caddy)' : '';
    say(`${nameOf(port).padEnd(9)}  ${pid ?? '-'}  ${state}${role}`);
  }
  const caddy = pidOf('caddy');
  say(
    `caddy      ${caddy ?? '-'}  ${caddy === null ? 'stopped' : (await caddyAnswers()) ? `serving ${CLUSTER.url}` : 'not answering'}`,
  );
}

const commands: Record<string, () => Promise<void>> = { start, restart, stop, status };
const command = process.argv[2] ?? 'start';
if (import.meta.url === `file://${process.argv[1]}`) {
  const run = commands[command];
  if (!run) {
    console.error(`Unknown command ${command}: npm run cluster -- start|restart|stop|status`);
    process.exit(2);
  }
  run().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
