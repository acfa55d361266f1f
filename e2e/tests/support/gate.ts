/**
 * The gate's side of the API for the end-to-end tests, called as a gate device and an exhibitor
 * call it: sign-ins, the roster a controller's device fetches, check-ins sent again, and a
 * collaborator of the demo exhibitor (its real badge, then its deletion). Also what a test reads
 * of the gate page itself: the verdicts it showed, and what the device keeps in IndexedDB.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  parseBadgeToken,
  XSRF_COOKIE,
  XSRF_HEADER,
  type CheckinResult,
  type CheckinSubmission,
  type GateRoster,
} from '@salon/shared';
import { accounts } from '../fixtures';
import { unique } from './visitors';

const API = '/backend/api';

/** The XSRF header a POST or DELETE needs: the cookie the server sets on any answer, copied. */
export async function xsrf(request: APIRequestContext): Promise<Record<string, string>> {
  let cookie = (await request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE);
  if (!cookie) {
    await request.get('/');
    cookie = (await request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE);
  }
  if (!cookie) throw new Error(`no ${XSRF_COOKIE} cookie after GET /`);
  return { [XSRF_HEADER]: cookie.value };
}

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** The demo controller's token, as /login-controleur gets it. */
export async function controllerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${API}/auth/controller`, {
    headers: await xsrf(request),
    data: { identifier: accounts.controller.email, password: accounts.controller.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { jwt: string }).jwt;
}

/** The organiser's API headers, as the back-office's sign-in (`auth/organiser`) gets its token. */
export async function organiserApi(request: APIRequestContext): Promise<Record<string, string>> {
  const headers = await xsrf(request);
  const res = await request.post(`${API}/auth/organiser`, {
    headers,
    data: { identifier: accounts.organiser.email, password: accounts.organiser.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...headers, authorization: `Bearer ${((await res.json()) as { jwt: string }).jwt}` };
}

/** The demo exhibitor's token, as /login gets it. */
export async function exhibitorToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${API}/auth/local`, {
    headers: await xsrf(request),
    data: { identifier: accounts.exhibitor.email, password: accounts.exhibitor.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { jwt: string }).jwt;
}

/** The whole roster, as a gate device gets it the first time. */
export async function gateRoster(request: APIRequestContext, jwt: string): Promise<GateRoster> {
  const res = await request.get(`${API}/gate/roster`, { headers: bearer(jwt) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: GateRoster }).data;
}

/** The id of the gate named `name` ('Hall A'…). */
export function gateId(roster: GateRoster, name: string): number {
  const gate = roster.gates.find((g) => g.name === name);
  if (!gate) throw new Error(`no gate ${name} in ${roster.gates.map((g) => g.name).join(', ')}`);
  return gate.id;
}

/** Entries today at a gate, as the server counts them (first entries and re-entries). */
export const entriesAt = (roster: GateRoster, gate: number) => roster.counts.byGate[String(gate)] ?? 0;

/** Today's first entries of one badge holder the server knows: [time, gate id] each. */
export const firstEntriesOf = (roster: GateRoster, regId: number) =>
  roster.entries.filter(([id]) => id === regId).map(([, at, gate]) => ({ at, gate }));

/** Sends check-ins as a gate device does (`POST checkins`). */
export async function postCheckins(
  request: APIRequestContext,
  jwt: string,
  checkins: CheckinSubmission[],
): Promise<CheckinResult[]> {
  const res = await request.post(`${API}/checkins`, {
    headers: { ...bearer(jwt), ...(await xsrf(request)) },
    data: { checkins },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: CheckinResult[] }).data;
}

/** The registration id a badge token carries. */
export function registrationOf(token: string): number {
  const parsed = parseBadgeToken(token);
  if (!parsed) throw new Error(`not a badge token: ${token}`);
  return parsed.claims.registrationId;
}

export interface Collaborator {
  userId: number;
  registrationId: number;
  name: string;
  email: string;
  /** The badge's QR code text. */
  token: string;
}

let phoneCounter = 0;
/** A phone number no other account of this run uses (visitors' start with 06). */
const uniquePhone = () => `07${String(Date.now() + phoneCounter++).slice(-8)}`;

/** The e-badge link of the newest mail to `to` that has one (an access mail comes first). */
async function ebadgeKey(to: string, mailDir: string): Promise<string> {
  let key: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
        const mails = await Promise.all(files.map((f) => readFile(path.join(mailDir, f), 'utf8')));
        const links = mails
          .filter((m) => m.includes(`To: ${to}`))
          // Quoted-printable: soft line breaks and '=' written '=3D'.
          .map((m) =>
            /https?:\/\/[^\s"<]+\/ebadge\?token=([\w.-]+)/.exec(m.replace(/=\r?\n/g, '').replace(/=3D/g, '=')),
          )
          .filter((m) => m !== null);
        key = links.at(-1)?.[1];
        return key !== undefined;
      },
      { timeout: 15_000, message: `a badge mail to ${to}` },
    )
    .toBe(true);
  return key!;
}

/**
 * A new collaborator of the demo exhibitor, added as 'Ajouter un collaborateur' does, with its
 * real badge: the exhibitor mails it ('Envoyer le Badge par email') and the mail's e-badge link
 * gives the signed token its QR code carries.
 */
export async function addCollaborator(
  request: APIRequestContext,
  exhibitorJwt: string,
  mailDir: string,
  firstName = 'Mehdi',
): Promise<Collaborator> {
  const id = unique();
  const person = { name: `${firstName} Collab ${id}`, email: `collab-${id}@example.com` };
  const created = await request.post(`${API}/auth/local/register/`, {
    headers: { ...bearer(exhibitorJwt), ...(await xsrf(request)) },
    data: { ...person, jobPosition: 'Technicien', phone: uniquePhone(), lang: 'fr' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number; registrationId: number } };

  const sent = await request.post(`${API}/registrations/sendEmailEBadge/${data.registrationId}`, {
    headers: { ...bearer(exhibitorJwt), ...(await xsrf(request)) },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const key = await ebadgeKey(person.email, mailDir);
  const ebadge = await request.get(`${API}/registrations/ebadge?token=${encodeURIComponent(key)}`);
  expect(ebadge.status(), await ebadge.text()).toBe(200);
  const badge = ((await ebadge.json()) as { data: { name: string; token: string } }).data;
  expect(badge.name).toBe(person.name);
  expect(registrationOf(badge.token)).toBe(data.registrationId);
  return { userId: data.id, registrationId: data.registrationId, ...person, token: badge.token };
}

/** The exhibitor deletes its collaborator ('Collaborateurs' → delete → confirm). */
export async function deleteCollaborator(request: APIRequestContext, exhibitorJwt: string, userId: number) {
  const res = await request.delete(`${API}/users/${userId}`, {
    headers: { ...bearer(exhibitorJwt), ...(await xsrf(request)) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** One verdict as the gate screen showed it. */
export interface ShownVerdict {
  /** data-verdict: 'ready', 'admitted', 'already_entered' or 'refused'. */
  verdict: string;
  reason: string | null;
  /** 'Laisser entrer' was tapped: the re-entry is shown. */
  reentry: boolean;
  /** What the screen said, its lines joined by spaces. */
  text: string;
}

/**
 * Records every verdict the gate screen shows, however short-lived (a green one clears itself
 * after a few seconds): a MutationObserver, installed before the page's own scripts on every
 * load, reports each change of the [data-testid=gate-verdict] element.
 */
export async function recordVerdicts(page: Page): Promise<ShownVerdict[]> {
  const shown: ShownVerdict[] = [];
  await page.exposeFunction('e2eGateVerdict', (verdict: ShownVerdict) => void shown.push(verdict));
  await page.addInitScript(() => {
    let last = '';
    const look = () => {
      const element = document.querySelector<HTMLElement>('[data-testid=gate-verdict]');
      if (!element) return;
      const verdict = {
        verdict: element.dataset.verdict ?? '',
        reason: element.dataset.reason ?? null,
        reentry: element.dataset.reentry === 'true',
        // As written, not as styled (the type is shown in capitals): one line after another.
        text: Array.from(element.children)
          .map((line) => line.textContent?.replace(/\s+/g, ' ').trim())
          .join(' '),
      };
      const key = JSON.stringify(verdict);
      if (key === last) return;
      last = key;
      (window as unknown as { e2eGateVerdict(v: typeof verdict): void }).e2eGateVerdict(verdict);
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  return shown;
}

/** The verdicts shown, without the 'ready' screens between them. */
export const decided = (shown: readonly ShownVerdict[]) => shown.filter((v) => v.verdict !== 'ready');

/**
 * What the device keeps of one badge holder in IndexedDB 'salon-gate' (see the web app's
 * features/gate/store.ts): in the roster's people, and/or in its revoked badges. Read only once
 * the app made the database: opening it first would create it without its stores.
 */
export async function deviceKnows(page: Page, regId: number): Promise<{ person: boolean; revoked: boolean }> {
  return page.evaluate(async (id) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('salon-gate')) return { person: false, revoked: false };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('salon-gate');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('people')) return { person: false, revoked: false };
      const tx = db.transaction(['people', 'revoked']);
      const person = tx.objectStore('people').get(id);
      const revoked = tx.objectStore('revoked').get(id);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
      });
      return { person: person.result !== undefined, revoked: revoked.result === true };
    } finally {
      db.close();
    }
  }, regId);
}
