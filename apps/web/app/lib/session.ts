import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY, type Answer, type ownRegistrationSchema, type userViewSchema } from '@salon/shared';

/** The signed-in user as the sign-in answers it (`user` of signedInSchema). */
export type SessionUser = Answer<typeof userViewSchema>;
/** The registration that opens the exhibitor area (one of `GET registrations`' own list). */
export type SessionRegistration = Answer<typeof ownRegistrationSchema>;
/** Stored under localStorage 'auth', as the specification says. */
export interface Session {
  user: SessionUser;
  jwt: string;
  type: 'exhibitor' | 'collaborator';
  registration: SessionRegistration;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

export function getSession(): Session | null {
  if (typeof window === 'undefined') return null;
  let raw: string | null;
  try {
    raw = localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    cached = parsed && typeof parsed.jwt === 'string' && parsed.user ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

function notify() {
  for (const l of listeners) l();
}

export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

export function updateSessionToken(jwt: string): void {
  const session = getSession();
  if (session) saveSession({ ...session, jwt });
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === SESSION_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
