/**
 * How the cluster's processes are kept track of, in one place for the two that handle them:
 * `npm run cluster` (scripts/cluster.ts), which starts and stops them, and the cluster benches
 * (bench/lib/bench-cluster.ts), which run it in a folder of their own and must find, kill and wait
 * for the same processes. The folder's layout (run/<name>.pid, logs/<name>.log, secrets.json),
 * the processes' names (api-<port>, mailer, caddy), whether a pid still runs, waiting for a
 * process, a process started on its own with its pid file, and the secrets every instance shares.
 * Node's own modules only: the root runs this with tsx, and the bench package imports it.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The name of the instance behind Caddy on `port` (its pid and log files); the others are 'mailer' and 'caddy'. */
export const instanceName = (port: number) => `api-${port}`;

/** Whether `pid` still runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pauseFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks `check` every `everyMs` milliseconds, `seconds` at most: true as soon as it holds, false
 * when the time ran out. `pause` waits between two checks (a bench's wait ends on Ctrl-C).
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  seconds: number,
  everyMs: number,
  pause: (ms: number) => Promise<void> = pauseFor,
): Promise<boolean> {
  for (let i = 0; i < (seconds * 1000) / everyMs; i++) {
    if (await check()) return true;
    await pause(everyMs);
  }
  return false;
}

/** What every instance of one cluster shares. */
export interface ClusterSecrets {
  JWT_SECRET: string;
  BADGE_PRIVATE_KEY: string;
}

/** A new Ed25519 key to sign badges with (PKCS#8, PEM). */
export const newBadgeKey = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The cluster's folder: where each process's pid and log are, and its secrets. */
export function clusterFolder(dir: string) {
  const runDir = path.join(dir, 'run');
  const pidFile = (name: string) => path.join(runDir, `${name}.pid`);
  const logFile = (name: string) => path.join(dir, 'logs', `${name}.log`);
  const secretsFile = path.join(dir, 'secrets.json');

  /** The pid of `name` while it runs; null without a pid file or once it is gone. */
  const pidOf = (name: string): number | null => {
    if (!existsSync(pidFile(name))) return null;
    const pid = Number(readFileSync(pidFile(name), 'utf8'));
    return isAlive(pid) ? pid : null;
  };

  /** The pid in every pid file, running or not. */
  const allPids = (): number[] =>
    existsSync(runDir) ? readdirSync(runDir).map((f) => Number(readFileSync(path.join(runDir, f), 'utf8'))) : [];

  /** Removes every pid file. */
  const forgetAll = (): void => {
    if (existsSync(runDir)) for (const f of readdirSync(runDir)) rmSync(path.join(runDir, f), { force: true });
  };

  /**
   * Starts `command` in a process group of its own with its output appended to logs/<name>.log,
   * writes its pid file and lets it outlive this process.
   */
  const startDetached = (
    name: string,
    command: string,
    args: string[],
    options: { cwd?: string; env: NodeJS.ProcessEnv },
  ): void => {
    const log = openSync(logFile(name), 'a');
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', log, log] });
    writeFileSync(pidFile(name), String(child.pid));
    child.unref();
  };

  /** Writes new secrets (with `badgeKey` when given) for every instance, readable by their owner alone. */
  const writeNewSecrets = (badgeKey = newBadgeKey()): void => {
    const made: ClusterSecrets = { JWT_SECRET: randomBytes(48).toString('base64url'), BADGE_PRIVATE_KEY: badgeKey };
    writeFileSync(secretsFile, JSON.stringify(made), { mode: 0o600 });
  };

  return { runDir, pidFile, logFile, secretsFile, pidOf, allPids, forgetAll, startDetached, writeNewSecrets };
}

export type ClusterFolder = ReturnType<typeof clusterFolder>;
