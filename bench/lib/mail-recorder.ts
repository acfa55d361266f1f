/**
 * The SMTP server that records every mail (bench/smtp-recorder.ts, a child process), asked for
 * what it received: the cluster benches check each acknowledged registration's badge mail.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { lastResort, orInterrupt } from './interrupt';

export interface MailRecorder {
  url: string;
  pid: number;
  /** Recipient → when each copy arrived (ms since 1970). */
  received(): Promise<Map<string, number[]>>;
}

export async function withMailRecorder<T>(use: (recorder: MailRecorder) => Promise<T>): Promise<T> {
  const child = fork(path.join(import.meta.dirname, '..', 'smtp-recorder.ts'), [], { execArgv: ['--import', 'tsx'] });
  const pid = () => [child.pid!];
  lastResort.add(pid);
  // A dead recorder shows as a failed question below, not as an unhandled event.
  child.on('error', (err) => console.error(`SMTP recorder: ${err.message}`));
  try {
    const { port } = await orInterrupt(
      new Promise<{ port: number }>((r) => child.once('message', (m) => r(m as never))),
    );
    return await use({
      url: `smtp://127.0.0.1:${port}`,
      pid: child.pid!,
      async received() {
        if (!child.connected) throw new Error(`the SMTP recorder stopped (exit code ${child.exitCode})`);
        const answer = new Promise<{ received: [string, number[]][] }>((r) =>
          child.once('message', (m) => r(m as never)),
        );
        child.send('list');
        return new Map((await orInterrupt(answer)).received);
      },
    });
  } finally {
    child.kill('SIGTERM');
    lastResort.delete(pid);
  }
}
