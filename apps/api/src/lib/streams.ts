import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Waits until `out` can take more, and answers false when it never will: the client went away
 * and the server destroyed the stream, which emits 'close', not 'drain'. An export writing a
 * chunk at a time stops there instead of waiting forever or reading the rest for nobody.
 */
export async function readyForMore(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}
