import { createContext, useContext, useState, type ReactNode } from 'react';

const ClockContext = createContext<() => Date>(() => new Date());

/**
 * The web app takes its time from the server (APP_NOW in demos and tests): the offset between
 * the server's time at render and the device's clock is kept for the whole visit.
 */
export function ClockProvider({ serverNow, children }: { serverNow: string; children: ReactNode }) {
  const [now] = useState(() => {
    const offset = new Date(serverNow).getTime() - Date.now();
    return () => new Date(Date.now() + offset);
  });
  return <ClockContext.Provider value={now}>{children}</ClockContext.Provider>;
}

export const useClock = () => useContext(ClockContext);
