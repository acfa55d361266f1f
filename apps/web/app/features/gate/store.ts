import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  REGISTRATION_TYPES,
  showDay,
  type BadgeJwk,
  type CheckinResult,
  type CheckinSubmission,
  type GateHours,
  type GateRoster,
  type KnownEntry,
  type RegistrationType,
} from '@salon/shared';

/**
 * What a gate device keeps to decide without a network, in IndexedDB (it survives a reload, a
 * closed tab and a night): the roster the API gives (key, hours, gates, badge holders, revoked
 * badges, today's first entries) and the check-ins not yet sent.
 */
export interface RosterMeta {
  /** Passed as `since` on the next fetch: only what changed comes back. */
  cursor: string;
  /** The edition whose badges the gate admits: the current one when the roster came. */
  eventId: number;
  publicKey: BadgeJwk;
  hours: GateHours[];
  gates: { id: number; name: string }[];
  /** Server clock minus device clock, when the roster came: the gate's clock (see clock.ts). */
  offsetMs: number;
  /** The server's time of the last roster received. */
  lastSync: string;
  /** Entries on the server's day of `lastSync`: in all, and per gate id. */
  counts: { today: number; byGate: Record<string, number> };
}

/**
 * The gate's clock: the server's time as of the last roster, running on at the device's pace
 * (a phone's own clock may be minutes off, and tests and demos set the server's with APP_NOW).
 */
export const gateNow = (meta: RosterMeta) => new Date(Date.now() + meta.offsetMs);

export interface Person {
  type: RegistrationType;
  name: string;
  company: string | null;
}

/** A check-in waiting on the device, with the controller who made it (the server credits the sender). */
export interface QueuedCheckin extends CheckinSubmission {
  controllerId: number;
}

interface GateDb extends DBSchema {
  meta: { key: 'roster'; value: RosterMeta };
  people: { key: number; value: Person };
  /** Only the key matters: the registration id of a revoked badge. */
  revoked: { key: number; value: true };
  entries: { key: number; value: KnownEntry };
  checkins: { key: string; value: QueuedCheckin };
}

const DB_NAME = 'salon-gate';
let db: Promise<IDBPDatabase<GateDb>> | null = null;

/** False on the server and in browsers without IndexedDB (some private modes). */
export function storeAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** Closes this page's connection (the next read opens it again). */
function letGo(): Promise<void> {
  const current = db;
  db = null;
  return current ? current.then((database) => database.close()) : Promise.resolve();
}

function open() {
  db ??= openDB<GateDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('meta');
      database.createObjectStore('people');
      database.createObjectStore('revoked');
      database.createObjectStore('entries');
      database.createObjectStore('checkins', { keyPath: 'id' });
    },
    // Another tab signed out and deletes the database: this one must not hold it up.
    blocking: () => void letGo(),
  });
  return db;
}

/**
 * Whether the device holds the database, asked without opening it: opening creates it, and the
 * sign-in page, which forgets what a cut-short sign-out left, would put it back for a moment.
 */
async function onDevice(): Promise<boolean> {
  if (db) return true;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
}

/**
 * On sign-out or an expired session: the roster (every badge holder's name and company) leaves
 * the device. Check-ins still waiting stay for their controller's next sign-in, alone in the
 * database; with none waiting, the database itself is deleted.
 */
export async function forgetRoster(): Promise<void> {
  if (!storeAvailable() || !(await onDevice())) return;
  const database = await open();
  if ((await database.count('checkins')) === 0) {
    await letGo();
    await deleteDB(DB_NAME);
    return;
  }
  const roster = ['meta', 'people', 'revoked', 'entries'] as const;
  const tx = database.transaction(roster, 'readwrite');
  await Promise.all([...roster.map((name) => tx.objectStore(name).clear()), tx.done]);
  changed();
}

const listeners = new Set<() => void>();

/** Called after every change (roster, check-ins): the screens read their figures again. */
export function onStoreChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

export async function readMeta(): Promise<RosterMeta | null> {
  if (!storeAvailable()) return null;
  return (await (await open()).get('meta', 'roster')) ?? null;
}

/** Today's first entry is the one that counts: a later one never replaces it, yesterday's always is. */
function keepsEarlier(stored: KnownEntry | undefined, entry: KnownEntry): boolean {
  return !!stored && showDay(stored.at) === showDay(entry.at) && stored.at <= entry.at;
}

/**
 * Takes a roster in one transaction: a full one replaces what the device had, a delta is
 * merged (a badge changed is put again, a revoked one leaves the people, entries add up).
 */
export async function applyRoster(roster: GateRoster, offsetMs: number): Promise<void> {
  const tx = (await open()).transaction(['meta', 'people', 'revoked', 'entries'], 'readwrite');
  const people = tx.objectStore('people');
  const revoked = tx.objectStore('revoked');
  const entries = tx.objectStore('entries');
  const writes: Promise<unknown>[] = [];
  if (roster.full) writes.push(people.clear(), revoked.clear(), entries.clear());
  for (const [id, typeIndex, name, company] of roster.people) {
    const type = REGISTRATION_TYPES[typeIndex];
    if (!type) continue;
    writes.push(people.put({ type, name, company }, id), revoked.delete(id));
  }
  for (const id of roster.revoked) writes.push(revoked.put(true, id), people.delete(id));
  for (const [id, at, gateId] of roster.entries) {
    const entry = { at, gateId };
    writes.push(entries.get(id).then((stored) => (keepsEarlier(stored, entry) ? undefined : entries.put(entry, id))));
  }
  const { cursor, eventId, publicKey, hours, gates, now, counts } = roster;
  writes.push(
    tx.objectStore('meta').put({ cursor, eventId, publicKey, hours, gates, offsetMs, lastSync: now, counts }, 'roster'),
  );
  await Promise.all([...writes, tx.done]);
  changed();
}

/** What the device knows of one badge holder, read together for the verdict. */
export async function lookUp(
  regId: number,
): Promise<{ person: Person | null; revoked: boolean; entry: KnownEntry | null }> {
  const tx = (await open()).transaction(['people', 'revoked', 'entries']);
  const [person, revoked, entry] = await Promise.all([
    tx.objectStore('people').get(regId),
    tx.objectStore('revoked').get(regId),
    tx.objectStore('entries').get(regId),
  ]);
  return { person: person ?? null, revoked: revoked === true, entry: entry ?? null };
}

/**
 * Keeps a check-in until the server answers for it; a first entry also becomes the badge's
 * entry of today at once, so the same badge shown again is orange even with no network.
 */
export async function putCheckin(checkin: QueuedCheckin, firstEntry: { regId: number; entry: KnownEntry } | null) {
  const tx = (await open()).transaction(['checkins', 'entries'], 'readwrite');
  const writes: Promise<unknown>[] = [tx.objectStore('checkins').put(checkin)];
  if (firstEntry) {
    const entries = tx.objectStore('entries');
    const stored = await entries.get(firstEntry.regId);
    if (!keepsEarlier(stored, firstEntry.entry)) writes.push(entries.put(firstEntry.entry, firstEntry.regId));
  }
  await Promise.all([...writes, tx.done]);
  changed();
}

/** Every check-in still on the device, oldest first: the server sees them in the order they were made. */
export async function waitingCheckins(): Promise<QueuedCheckin[]> {
  if (!storeAvailable()) return [];
  const all = await (await open()).getAll('checkins');
  return all.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

/** Drops check-ins the server could never take (see sync.ts): they would block the queue. */
export async function dropCheckins(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const tx = (await open()).transaction('checkins', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  changed();
}

/** A check-in that let someone in: what the server counts as an entry. */
export const isEntry = (c: CheckinSubmission) => c.verdict === 'admitted' || c.reentry;

/**
 * Removes the check-ins the server answered for (recorded or refused: either way they are
 * done), and adds the new entries to the roster's counts, so the figures do not drop until the
 * next roster brings the server's own.
 */
export async function removeAnswered(sent: QueuedCheckin[], results: CheckinResult[]): Promise<void> {
  if (sent.length === 0) return;
  const tx = (await open()).transaction(['checkins', 'meta'], 'readwrite');
  const writes: Promise<unknown>[] = sent.map((c) => tx.objectStore('checkins').delete(c.id));
  const meta = await tx.objectStore('meta').get('roster');
  if (meta) {
    const recorded = new Set(results.filter((r) => r.status === 'recorded').map((r) => r.id));
    const byGate = { ...meta.counts.byGate };
    let today = meta.counts.today;
    for (const c of sent) {
      if (!recorded.has(c.id) || !isEntry(c) || showDay(c.scannedAt) !== showDay(meta.lastSync)) continue;
      byGate[c.gateId] = (byGate[c.gateId] ?? 0) + 1;
      today += 1;
    }
    writes.push(tx.objectStore('meta').put({ ...meta, counts: { today, byGate } }, 'roster'));
  }
  await Promise.all([...writes, tx.done]);
  changed();
}
