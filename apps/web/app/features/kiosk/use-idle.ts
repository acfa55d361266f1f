import { useEffect, useRef, useState } from 'react';

/** What counts as someone at the kiosk: a touch, a click, a key, typing. */
const ACTIVITY = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Seconds left before `onIdle`, counted from the last touch or key while `active`; null when
 * not counting. The next visitor must never find the previous one's badge or typing.
 */
export function useIdleCountdown(active: boolean, seconds: number, onIdle: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!active) {
      setLeft(null);
      return;
    }
    let last = Date.now();
    const tick = () => {
      const remaining = seconds - Math.floor((Date.now() - last) / 1000);
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) {
        // Counted again from here if the screen stays (it normally changes at once).
        last = Date.now();
        idle.current();
      }
    };
    const touched = () => {
      last = Date.now();
      setLeft(seconds);
    };
    tick();
    const timer = setInterval(tick, 1000);
    for (const type of ACTIVITY) document.addEventListener(type, touched, true);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY) document.removeEventListener(type, touched, true);
    };
  }, [active, seconds]);

  return left;
}
