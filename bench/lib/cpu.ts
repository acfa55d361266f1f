/**
 * Who used the machine's cores: every process's CPU ticks from /proc, two samples apart, summed
 * by group (the cluster's instances, Caddy, PostgreSQL, Redis, the bench, everything else).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import type { BenchCluster } from './bench-cluster';

const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in clock ticks; 0 once it is gone. */
function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; all: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu as [number, ...number[]];
  const busy = user + nice! + system! + irq! + softirq! + steal!;
  return { busy, all: busy + idle! + iowait! };
}

export type ProcessGroups = Record<string, number[]>;

export interface CpuSample {
  at: number;
  /** Every process of the machine: pid → ticks. */
  ticks: Map<number, number>;
  machine: { busy: number; all: number };
}

export function sampleCpu(): CpuSample {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) if (/^\d+$/.test(entry)) ticks.set(Number(entry), ticksOf(Number(entry)));
  return { at: performance.now(), ticks, machine: machineTicks() };
}

/**
 * Cores each group used between two samples, and the rest of the machine (other work on it:
 * anyone's tests, the demo cluster) as 'other processes'. Groups are named after `b` (a database
 * connection opened meanwhile counts whole); a process gone by `b` is left out.
 */
export function cpuBetween(a: CpuSample, b: CpuSample, groups: ProcessGroups): { group: string; cores: number }[] {
  const seconds = (b.at - a.at) / 1000;
  const out: { group: string; cores: number }[] = [];
  let ours = 0;
  for (const [group, pids] of Object.entries(groups)) {
    let ticks = 0;
    for (const pid of pids) ticks += (b.ticks.get(pid) ?? 0) - (a.ticks.get(pid) ?? 0);
    ours += ticks;
    out.push({ group, cores: ticks / TICKS_PER_SECOND / seconds });
  }
  const busy = b.machine.busy - a.machine.busy;
  out.push({ group: 'other processes', cores: Math.max(0, busy - ours) / TICKS_PER_SECOND / seconds });
  out.push({ group: 'machine, all busy', cores: busy / TICKS_PER_SECOND / seconds });
  return out;
}

/** The cluster's processes by group: instances, Caddy, PostgreSQL (this database's backends and its background processes), Redis, the bench. */
export async function clusterProcesses(
  cluster: BenchCluster,
  db: pg.Pool,
  databaseName: string,
  extra: ProcessGroups = {},
): Promise<ProcessGroups> {
  const { rows } = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 or backend_type <> 'client backend'`,
    [databaseName],
  );
  const redis = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'redis-server';
      } catch {
        return false;
      }
    })
    .map(Number);
  const [caddy, mailer] = [cluster.pidOf('caddy'), cluster.pidOf('mailer')];
  return {
    'API instances': cluster.ports.map((p) => cluster.pidOf(p)).filter((p): p is number => p !== null),
    'mailer (nice 10)': mailer ? [mailer] : [],
    Caddy: caddy ? [caddy] : [],
    PostgreSQL: rows.map((r) => r.pid),
    Redis: redis,
    'load generator (this bench)': [process.pid],
    ...extra,
  };
}
