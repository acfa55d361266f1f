import { useEffect, useState } from 'react';
import { countWaiting, onQueueChange, queueAvailable } from './queue';
import { syncQueue } from './sync';

/** How many of the user's scans wait on this device, read again at every change of the queue. */
export function useWaitingCount(userId: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let latest = 0;
    const read = () => {
      const call = ++latest;
      countWaiting(userId).then(
        // Two reads may end out of order: only the last one counts.
        (n) => call === latest && setCount(n),
        () => undefined,
      );
    };
    read();
    const stop = onQueueChange(read);
    return () => {
      latest = -1;
      stop();
    };
  }, [userId]);
  return count;
}

/** Scans left waiting on this device (offline, or the session expired) leave once signed in again. */
export function useSendWaitingScans(userId: number | undefined) {
  useEffect(() => {
    if (userId !== undefined && queueAvailable()) syncQueue(userId).catch(() => undefined);
  }, [userId]);
}
