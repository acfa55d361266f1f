import { showDay } from '@salon/shared';
import { isEntry, type QueuedCheckin, type RosterMeta } from './store';

/**
 * Entries today, at this gate and in all: the server's counts from the last roster (when that
 * roster is from today) plus this device's entries not sent yet.
 */
export function entryCounts(
  meta: RosterMeta | null,
  waiting: readonly QueuedCheckin[],
  gateId: number | null,
  now: Date,
): { gate: number; total: number } {
  const today = showDay(now);
  const counts = meta && showDay(meta.lastSync) === today ? meta.counts : { today: 0, byGate: {} };
  const unsent = waiting.filter((c) => isEntry(c) && showDay(c.scannedAt) === today);
  return {
    gate: (gateId ? (counts.byGate[gateId] ?? 0) : 0) + unsent.filter((c) => c.gateId === gateId).length,
    total: counts.today + unsent.length,
  };
}
