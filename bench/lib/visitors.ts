/**
 * Sessions through Caddy (the XSRF cookie and header, a sign-in), visitors registering from the
 * home page under load, and their badges signed as the instances sign them.
 */
import { DEMO_EDITION_ID, XSRF_HEADER } from '@salon/shared';
import { createBadgeSigner } from '../../apps/api/src/domains/badges/badge-token';
import type { Endpoint } from './endpoint';
import { json, type Client } from './https-client';
import { sleep } from './interrupt';

/** The XSRF cookie a first answer sets, and the header the web app sends back on state changes. */
export async function xsrfHeaders(client: Client): Promise<Record<string, string>> {
  for (let attempt = 0; ; attempt++) {
    const reply = await client.request('GET', '/backend/api/health/live');
    const cookie = [reply.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='));
    if (cookie) {
      const pair = cookie.split(';')[0]!;
      return { cookie: pair, [XSRF_HEADER]: decodeURIComponent(pair.slice(pair.indexOf('=') + 1)) };
    }
    if (attempt > 20) throw new Error(`no XSRF cookie: HTTP ${reply.status} ${reply.error ?? ''}`);
    await sleep(500);
  }
}

/** Signs in on `route` (auth/local, auth/controller, auth/organiser): the headers of that session. */
export async function signIn(
  client: Client,
  route: string,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const xsrf = await xsrfHeaders(client);
  const reply = await client.request('POST', `/backend/api/${route}`, {
    headers: xsrf,
    json: { identifier: email, password },
  });
  if (reply.status !== 200)
    throw new Error(`${route} for ${email}: HTTP ${reply.status} ${reply.body.toString().slice(0, 200)}`);
  return { ...xsrf, authorization: `Bearer ${json<{ jwt: string }>(reply).jwt}` };
}

export interface Registered {
  email: string;
  registrationId: number;
  /** When the 201 came (run clock). */
  at: number;
}

/**
 * Visitors registering from the home page on `connections` connections, each request as soon as
 * the last one answered, each with a new address, as the form sends it (XSRF cookie and header,
 * `{ data: { …form, eBadge: true } }`). Every 201 is appended to `acked`.
 */
export async function registrationLoad(options: {
  client: Client;
  connections: number;
  endpoint: Endpoint;
  acked: Registered[];
  prefix: string;
  running: () => boolean;
  /** At most this many new registrations a second, all connections together (default: no limit). */
  perSecond?: number;
}): Promise<void> {
  const { client, endpoint, acked, prefix, running, perSecond } = options;
  let n = 0;
  let nextAt = performance.now();
  const worker = async () => {
    const xsrf = await xsrfHeaders(client);
    while (running()) {
      if (perSecond) {
        const at = nextAt;
        nextAt = Math.max(nextAt, performance.now() - 1000) + 1000 / perSecond;
        await sleep(at - performance.now());
        if (!running()) break;
      }
      n += 1;
      const email = `${prefix}-${n}@example.com`;
      const data = {
        name: `Visiteur ${n}`,
        email,
        phone: `06${String(10_000_000 + n).slice(-8)}`,
        company: 'Matinale BTP',
        jobPosition: 'Acheteur',
        lang: 'fr',
        eBadge: true,
      };
      const reply = await client.request('POST', '/backend/api/visiteurs/putVisitor', {
        headers: xsrf,
        json: { data },
      });
      if (endpoint.record(reply)) {
        const body = json<{ data: { registration: { id: number } } }>(reply);
        acked.push({ email, registrationId: body.data.registration.id, at: reply.end });
      } else {
        // A visitor tries again after a moment, not in a tight loop (which would also take the CPU
        // the instances need to come back).
        await sleep(200);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
}

/** Signs badges of visitor registrations as the instances do, issued at `at` (the show's clock). */
export function badgeSigner(key: string, at: Date) {
  const signer = createBadgeSigner(key);
  const issuedAt = Math.floor(at.getTime() / 1000);
  return (registrationId: number) =>
    signer.sign({ registrationId, type: 'visitor', eventId: DEMO_EDITION_ID, issuedAt });
}
