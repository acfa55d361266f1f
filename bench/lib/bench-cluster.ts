/**
 * A cluster of the bench's own, run by `npm run cluster` (scripts/cluster.ts) in a temporary
 * CLUSTER_DIR on free ports, with secrets written by the bench (so that it signs badges with the
 * instances' key), and stopped, every process of it, on the way out, also on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterFolder, instanceName, isAlive, newBadgeKey, waitUntil } from '../../scripts/cluster-processes';
import { root } from '../start-server';
import { lastResort, orInterrupt, sleep } from './interrupt';

/** True when nothing listens on 127.0.0.1:`port`. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** `count` free ports in a row from 3201 up (the demo cluster has 3101–3104), for CLUSTER_FIRST_PORT. */
async function freeRun(count: number, from: number): Promise<number> {
  for (let first = from; first < from + 2000; first += 10) {
    const ports = Array.from({ length: count }, (_, i) => first + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return first;
  }
  throw new Error(`no ${count} free ports in a row from ${from}`);
}

export interface ClusterOptions {
  /** Folder name prefix under the system's temporary folder. */
  name: string;
  databaseUrl: string;
  /** A Redis database of its own (rate limits are counted per address: all of ours are 127.0.0.1). */
  redisUrl: string;
  /** Instances of the largest layout the bench starts; the first `instances` ports are used. */
  maxInstances: number;
  /** Variables for the instances (rate limits, SMTP_URL, …). */
  env: Record<string, string>;
}

export interface BenchCluster {
  dir: string;
  url: string;
  httpsPort: number;
  /** Ports of the instances behind Caddy in the current layout (the mailer is not one). */
  ports: number[];
  /** The key badges are signed with (written in the cluster's secrets before its start). */
  badgeKey: string;
  /** `npm run cluster -- <command>` with this cluster's variables; resolves once it is done. */
  run(command: 'start' | 'restart' | 'stop' | 'status', env?: Record<string, string>): Promise<string>;
  /** Sets how many instances the next start runs. */
  resize(instances: number): void;
  /** The pid of an instance behind Caddy (by port), the mailer or Caddy, or null when it is not running. */
  pidOf(name: number | 'mailer' | 'caddy'): number | null;
  /** The pids of every API process running: the instances behind Caddy and the mailer. */
  apiPids(): number[];
  /** Every process of the cluster, stopped with SIGTERM then SIGKILL after 15 s. */
  stopAll(): Promise<void>;
}

/** Waits for `pid` to end, `seconds` at most; true when it did. */
export async function exited(pid: number, seconds: number): Promise<boolean> {
  return (await waitUntil(() => !isAlive(pid), seconds, 50, sleep)) || !isAlive(pid);
}

/**
 * Runs `use` with a cluster of its own (started by `npm run cluster`, which builds first), then
 * stops every process it has and removes its folder (kept, with its logs, when `use` failed).
 */
export async function withCluster<T>(options: ClusterOptions, use: (cluster: BenchCluster) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), `salon-${options.name}-`));
  // The mailer listens on the port after the last instance's.
  const firstPort = await freeRun(options.maxInstances + 1, 3201);
  const httpsPort = await freeRun(1, 8543);
  const httpPort = await freeRun(1, 8180);
  const folder = clusterFolder(dir);
  // The secrets are ours, so that the bench signs badges as the instances' key does.
  const badgeKey = newBadgeKey();
  folder.writeNewSecrets(badgeKey);
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  let instances = options.maxInstances;
  const layout = () => ({
    CLUSTER_DIR: dir,
    CLUSTER_INSTANCES: String(instances),
    CLUSTER_FIRST_PORT: String(firstPort),
    CLUSTER_HTTPS_PORT: String(httpsPort),
    CLUSTER_HTTP_PORT: String(httpPort),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
  });
  const running = new Set<ChildProcess>();
  const pids = folder.allPids;

  const cluster: BenchCluster = {
    dir,
    url: `https://localhost:${httpsPort}`,
    httpsPort,
    get ports() {
      return Array.from({ length: instances }, (_, i) => firstPort + i);
    },
    badgeKey,
    run(command, env = {}) {
      // Its own process group: on Ctrl-C the command (npm, tsx, node) goes with it.
      const child = spawn('npm', ['run', '--silent', 'cluster', '--', command], {
        cwd: root,
        env: { ...process.env, ...options.env, ...env, ...layout() },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      running.add(child);
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const done = new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => {
          running.delete(child);
          writeFileSync(folder.logFile('bench-cluster-commands'), `$ cluster ${command}\n${output}\n`, { flag: 'a' });
          if (code === 0) resolve(output);
          else reject(new Error(`npm run cluster -- ${command} failed (${code}):\n${output}`));
        });
      });
      return orInterrupt(done);
    },
    resize(n) {
      instances = n;
    },
    pidOf(name) {
      return folder.pidOf(typeof name === 'number' ? instanceName(name) : name);
    },
    apiPids() {
      return [...cluster.ports, 'mailer' as const].map((n) => cluster.pidOf(n)).filter((p): p is number => p !== null);
    },
    async stopAll() {
      for (const child of running) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      const live = pids().filter(isAlive);
      for (const pid of live) process.kill(pid, 'SIGTERM');
      for (const pid of live) {
        // Not `sleep`: this runs on the way out of an interruption too.
        await waitUntil(() => !isAlive(pid), 15, 50);
        if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      }
      folder.forgetAll();
    },
  };

  lastResort.add(pids);
  let failed = true;
  try {
    const result = await use(cluster);
    failed = false;
    return result;
  } finally {
    await cluster.stopAll();
    lastResort.delete(pids);
    if (failed) console.error(`The cluster's logs are kept in ${path.join(dir, 'logs')}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
