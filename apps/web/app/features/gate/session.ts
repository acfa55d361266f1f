import type { Answer, staffSignedInSchema } from '@salon/shared';
import { useSyncExternalStore } from 'react';
import { redirect } from 'react-router';
import { paths } from '../../config/paths';
import { newScanId } from '../../lib/scan-id';

/**
 * The controller's session and this device's gate, both in localStorage: a gate device is
 * often a phone shared between shifts, and the gate pages must open without a network.
 * The controller's session is apart from the exhibitor's ('auth'): signing in or out of one
 * never touches the other.
 */
const SESSION_KEY = 'auth-controleur';
const DEVICE_KEY = 'gate-device';

export type ControllerSession = Answer<typeof staffSignedInSchema>;

/** The device's own id (made once, sent with each check-in) and the gate it stands at. */
export interface GateDevice {
  deviceId: string;
  gateId: number | null;
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Signed out, or another gate chosen, in another tab of the same device.
  const onStorage = (event: StorageEvent) =>
    (event.key === SESSION_KEY || event.key === DEVICE_KEY || event.key === null) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore needs the same object while the stored text is the same.
const cache = new Map<string, { raw: string | null; value: unknown }>();
function read<T>(key: string, valid: (value: T) => boolean): T | null {
  if (typeof window === 'undefined') return null;
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value as T | null;
  let value: T | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as T) : null;
    value = parsed && valid(parsed) ? parsed : null;
  } catch {
    value = null;
  }
  cache.set(key, { raw, value });
  return value;
}

export function getControllerSession(): ControllerSession | null {
  return read<ControllerSession>(SESSION_KEY, (s) => typeof s.jwt === 'string' && typeof s.user?.id === 'number');
}

export function saveControllerSession(session: ControllerSession): void {
  expired = false;
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  notify();
}

/** A token the API renewed on its way: the session lasts through the show's days. */
export function renewControllerToken(jwt: string): void {
  const session = getControllerSession();
  if (session) saveControllerSession({ ...session, jwt });
}

// Set when the API refused the token: the sign-in page then says the session expired.
let expired = false;

/**
 * Signs the controller out of this device; the check-ins still waiting stay (see store.ts).
 * `expiredByApi` when the API refused the token (a 401), not the controller's own choice.
 * The pages call signOutController (sync.ts), which also forgets the roster.
 */
export function clearControllerSession(expiredByApi = false): void {
  expired = expiredByApi;
  localStorage.removeItem(SESSION_KEY);
  notify();
}

export function useControllerSession(): ControllerSession | null {
  return useSyncExternalStore(subscribe, getControllerSession, () => null);
}

export function getGateDevice(): GateDevice | null {
  return read<GateDevice>(DEVICE_KEY, (d) => typeof d.deviceId === 'string');
}

export function useGateDevice(): GateDevice | null {
  return useSyncExternalStore(subscribe, getGateDevice, () => null);
}

/** Chooses this device's gate; the device id is made the first time and then kept. */
export function chooseGate(gateId: number | null): void {
  const device: GateDevice = { deviceId: getGateDevice()?.deviceId ?? newScanId(), gateId };
  localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  notify();
}

/** The controller's sign-in, then back to `returnUrl`; it says so when the session expired. */
export function controllerLoginUrl(returnUrl: string): string {
  return `${paths.loginControleur}?returnUrl=${encodeURIComponent(returnUrl)}${expired ? '&expired=1' : ''}`;
}

/** Client loader of the controller's pages: without a controller session, to its sign-in and back. */
export function requireController({ request }: { request: Request }) {
  const url = new URL(request.url);
  if (!getControllerSession()) throw redirect(controllerLoginUrl(url.pathname + url.search));
  return null;
}

/** Client loader of the gate screen: signed in, and a gate chosen for this device. */
export function requireGate({ request }: { request: Request }) {
  requireController({ request });
  if (!getGateDevice()?.gateId) throw redirect(paths.espaceControleur);
  return null;
}
