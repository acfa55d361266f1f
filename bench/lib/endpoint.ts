/**
 * The figures of one endpoint under load: latencies of every answer and of the 2xx alone, the
 * failures with when they happened (the cluster benches tell those around a kill from the rest).
 */
import type { Reply } from './https-client';
import { percentile } from './stats';

export interface Failure {
  start: number;
  end: number;
  what: string;
}

/** Requests of one endpoint: latencies of every answer, and what failed. */
export class Endpoint {
  latencies: number[] = [];
  /** Latencies of the 2xx answers alone. */
  okLatencies: number[] = [];
  ok = 0;
  /** 4xx answers the caller expected (none of the benches' calls expects one today). */
  expected = 0;
  failures: Failure[] = [];
  constructor(readonly name: string) {}

  /** Records `reply`; true when it is a 2xx. */
  record(reply: Reply, expected: (status: number) => boolean = () => false): boolean {
    this.latencies.push(reply.end - reply.start);
    if (reply.status >= 200 && reply.status < 300) {
      this.okLatencies.push(reply.end - reply.start);
      this.ok += 1;
      return true;
    }
    if (expected(reply.status)) this.expected += 1;
    else this.failures.push({ start: reply.start, end: reply.end, what: reply.error ?? `HTTP ${reply.status}` });
    return false;
  }

  get requests() {
    return this.latencies.length;
  }

  /** Of every answer (failures included), or of the 2xx alone. */
  percentile(q: number, okOnly = false): number {
    return percentile(okOnly ? this.okLatencies : this.latencies, q);
  }

  /** '502 ×3, ECONNRESET ×1' */
  failureKinds(): string {
    const kinds = new Map<string, number>();
    for (const f of this.failures) kinds.set(f.what, (kinds.get(f.what) ?? 0) + 1);
    return [...kinds].map(([k, n]) => `${k} ×${n}`).join(', ');
  }
}
