import { useCallback, useEffect, useState } from 'react';
import { useClock } from '../../lib/clock-provider';
import { useOnline } from '../../lib/use-online';
import type { ControllerSession } from './session';
import { gateNow, onStoreChange, readMeta, waitingCheckins, type QueuedCheckin, type RosterMeta } from './store';
import { sendCheckins, syncGate } from './sync';

const ROSTER_EVERY_MS = 60_000;
const CHECKINS_EVERY_MS = 10_000;

export interface GateData {
  /** False until IndexedDB was read once: the screens do not flash 'no roster'. */
  loaded: boolean;
  meta: RosterMeta | null;
  /** Every check-in still on the device, oldest first. */
  waiting: QueuedCheckin[];
}

/** The roster's meta and the waiting check-ins, read again at every change of the store. */
export function useGateData(): GateData {
  const [data, setData] = useState<GateData>({ loaded: false, meta: null, waiting: [] });
  useEffect(() => {
    let latest = 0;
    const read = () => {
      const call = ++latest;
      Promise.all([readMeta(), waitingCheckins()]).then(
        // Two reads may end out of order: only the last one counts.
        ([meta, waiting]) => call === latest && setData({ loaded: true, meta, waiting }),
        () => call === latest && setData((shown) => ({ ...shown, loaded: true })),
      );
    };
    read();
    const stop = onStoreChange(read);
    return () => {
      latest = -1;
      stop();
    };
  }, []);
  return data;
}

/** The gate's clock (see store.ts); before any roster, the page's. */
export function useGateClock(meta: RosterMeta | null): () => Date {
  const clock = useClock();
  return useCallback(() => (meta ? gateNow(meta) : clock()), [meta, clock]);
}

/**
 * Keeps the device in step while a controller page is open: everything on open and when the
 * network returns, the roster every minute, waiting check-ins every 10 s.
 */
export function useGateSync(session: ControllerSession | null, waitingCount: number): void {
  const online = useOnline();
  const signedIn = session !== null;

  useEffect(() => {
    if (!signedIn || !online) return;
    // Failures are shown by the figures themselves (last sync, waiting count): nothing to add.
    const sync = () => void syncGate().catch(() => undefined);
    sync();
    const timer = setInterval(sync, ROSTER_EVERY_MS);
    return () => clearInterval(timer);
  }, [signedIn, online]);

  useEffect(() => {
    if (!signedIn || waitingCount === 0) return;
    const timer = setInterval(() => void sendCheckins().catch(() => undefined), CHECKINS_EVERY_MS);
    return () => clearInterval(timer);
  }, [signedIn, waitingCount]);
}
