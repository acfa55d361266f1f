/**
 * A server process's memory from /proc: which process of those a bench started listens on a port,
 * the processes it started in turn, its resident memory and its peak (VmHWM), which can be reset.
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';

/** `pid` and the processes it started, theirs, and so on. */
export function family(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return [pid, ...(children ? children.split(/\s+/).flatMap((c) => family(Number(c))) : [])];
}

/**
 * The process that listens on `port`: startServer runs node itself (no npm or npx wrapper, tsx
 * loads in that process), but the memory read must be that of the server whatever starts it.
 */
export function listeningPid(startedPid: number, port: number): number {
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
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Makes VmHWM start again from the current resident size; false where the kernel does not allow it. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
