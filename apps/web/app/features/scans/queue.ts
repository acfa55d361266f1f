import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ScanQualification } from '@salon/shared';

/**
 * The scans kept on this device until the server has answered for them: a hall without network
 * must not lose a lead. IndexedDB survives a reload and a closed tab, and holds each user's
 * scans apart (a shared phone keeps one user's scans until that user signs in again).
 */
export interface QueuedScan extends ScanQualification {
  /** Made on the device: a send repeated after a lost answer is taken once. */
  id: string;
  badge: string;
  scannedAt: string;
  userId: number;
}

interface ScansDb extends DBSchema {
  scans: { key: string; value: QueuedScan };
}

let db: Promise<IDBPDatabase<ScansDb>> | null = null;

/** False on the server and in browsers without IndexedDB (some private modes). */
export function queueAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

function open() {
  db ??= openDB<ScansDb>('salon-scans', 1, {
    upgrade(database) {
      database.createObjectStore('scans', { keyPath: 'id' });
    },
  });
  return db;
}

const listeners = new Set<() => void>();

/** Called after every change of the queue: the waiting counts read it again. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

/** Adds a scan, or replaces the one with the same id (a note saved while it still waits). */
export async function putScan(scan: QueuedScan): Promise<void> {
  await (await open()).put('scans', scan);
  changed();
}

export async function getScan(id: string): Promise<QueuedScan | undefined> {
  return (await open()).get('scans', id);
}

/** The user's waiting scans, oldest first: the server sees them in the order they were read. */
export async function waitingScans(userId: number): Promise<QueuedScan[]> {
  const all = await (await open()).getAll('scans');
  return all.filter((s) => s.userId === userId).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function countWaiting(userId: number): Promise<number> {
  return queueAvailable() ? (await waitingScans(userId)).length : 0;
}

/** Whether a scan's qualification (note, rating, answers, tags) is the same as when it was sent. */
function sameQualification(a: QueuedScan, b: QueuedScan): boolean {
  return (
    a.note === b.note &&
    a.rating === b.rating &&
    JSON.stringify(a.answers) === JSON.stringify(b.answers) &&
    JSON.stringify(a.tags) === JSON.stringify(b.tags)
  );
}

/**
 * Removes the scans the server answered for, unless one changed while it was on its way (a note
 * saved meanwhile): that one stays and goes again with the note.
 */
export async function removeAnswered(sent: QueuedScan[]): Promise<void> {
  if (sent.length === 0) return;
  const tx = (await open()).transaction('scans', 'readwrite');
  for (const scan of sent) {
    const stored = await tx.store.get(scan.id);
    if (stored && sameQualification(stored, scan)) await tx.store.delete(scan.id);
  }
  await tx.done;
  changed();
}

/**
 * Takes answers out of scans that were sent (`refused`: by scan id, the indexes of its answers as
 * sent), unless the scan changed while it was on its way: it then goes again as it now is.
 */
export async function dropAnswers(sent: QueuedScan[], refused: Map<string, Set<number>>): Promise<void> {
  const tx = (await open()).transaction('scans', 'readwrite');
  for (const scan of sent) {
    const indexes = refused.get(scan.id);
    const stored = indexes && (await tx.store.get(scan.id));
    if (!indexes || !stored || !sameQualification(stored, scan)) continue;
    await tx.store.put({ ...stored, answers: stored.answers?.filter((_, i) => !indexes.has(i)) });
  }
  await tx.done;
  changed();
}

/** Drops scans the server could never take (see sync.ts); they would block the queue. */
export async function dropScans(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const tx = (await open()).transaction('scans', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  changed();
}
