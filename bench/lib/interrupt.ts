/**
 * Ctrl-C in the cluster benches (bench:peak, bench:crash): every wait of the bench ends with it,
 * so that each `finally` (cluster, SMTP recorder, database) runs on the way out; a failure that
 * escapes the bench's own code takes the same way. What the bench started and registered in
 * `lastResort` is killed when the process exits, whatever happens.
 */

let interrupt: (reason: Error) => void = () => undefined;
const interrupted = new Promise<never>((_, reject) => {
  interrupt = reject;
});
interrupted.catch(() => undefined);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.error(`\n${signal}: stopping what the bench started…`);
    interrupt(new Error(`interrupted (${signal})`));
  });
}
let stopping = false;
// A failure that escapes the bench's own code takes the same way out as Ctrl-C.
process.on('uncaughtException', (err) => {
  console.error(err);
  if (stopping) process.exit(1);
  stopping = true;
  interrupt(err);
});

/**
 * Pids of what the bench started, killed on the way out whatever happens: even when the `finally`
 * blocks did not run, no instance, proxy or SMTP server outlives the bench.
 */
export const lastResort = new Set<() => number[]>();
process.on('exit', () => {
  for (const pids of lastResort) {
    for (const pid of pids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

/** `work`, or the interruption, whichever comes first. */
export function orInterrupt<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, interrupted]);
}

export const sleep = (ms: number) => orInterrupt(new Promise<void>((r) => setTimeout(r, Math.max(0, ms))));

/** A wait of about `ms`, ±25%: devices do not all tick together. */
export const jitter = (ms: number) => ms * (0.75 + Math.random() / 2);
