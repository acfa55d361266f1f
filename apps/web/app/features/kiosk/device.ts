import { useSyncExternalStore } from 'react';

/** This device's kiosk session, kept in localStorage 'borne' until it is ended or revoked. */
export interface KioskDevice {
  token: string;
  id: number;
  name: string;
}

const STORAGE_KEY = 'borne';
/** Why the kiosk was last turned off on this page: a revocation is said on the setup screen. */
export type KioskEnd = 'revoked' | 'left';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: KioskDevice | null = null;
let lastEnd: KioskEnd | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getKioskDevice(): KioskDevice | null {
  if (typeof window === 'undefined') return null;
  const raw = readRaw();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<KioskDevice>) : null;
    cached =
      parsed && typeof parsed.token === 'string' && parsed.token
        ? { token: parsed.token, id: Number(parsed.id), name: String(parsed.name ?? '') }
        : null;
  } catch {
    cached = null;
  }
  return cached;
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveKioskDevice(device: KioskDevice): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
  lastEnd = null;
  notify();
}

export function clearKioskDevice(why: KioskEnd): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
  lastEnd = why;
  notify();
}

/** Why the kiosk was turned off while this page was open, if it was. */
export const lastKioskEnd = (): KioskEnd | null => lastEnd;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Ended from another tab of the same browser.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The kiosk session, live. `undefined` in the server's HTML and during hydration: the page
 * cannot know yet whether this device is a kiosk, so it shows neither screen.
 */
export function useKioskDevice(): KioskDevice | null | undefined {
  return useSyncExternalStore<KioskDevice | null | undefined>(subscribe, getKioskDevice, () => undefined);
}
