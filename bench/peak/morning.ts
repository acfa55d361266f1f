/**
 * bench:peak's opening morning through Caddy: registrations, page views, directory searches,
 * phones scanning, gates checking in and syncing their roster, organisers on the dashboard, all at
 * once for BENCH_SECONDS, while the conductor kills one instance at 40% and restarts them all at
 * 80%. Returns each endpoint's figures, what was acknowledged and when each event happened.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { DEMO_EDITION_ID, PAGE_SIZE, toQueryString, type CheckinResult, type GateRoster } from '@salon/shared';
import {
  badgeSigner,
  Client,
  clusterProcesses,
  cpuBetween,
  Endpoint,
  jitter,
  json,
  now,
  registrationLoad,
  resetClock,
  sampleCpu,
  sleep,
  type BenchCluster,
  type CpuSample,
  type MailRecorder,
  type Registered,
} from '../cluster-driver';
import { benchClock, DOORS_OPEN } from '../lib/show-clock';
import { createAccounts, signInAll } from './accounts';
import {
  CHECKIN_EVERY_MS,
  CONNECTIONS,
  DASHBOARD_EVERY_MS,
  PAGES,
  PAGES_PER_SECOND,
  ROSTER_EVERY_MS,
  SCAN_EVERY_MS,
  SEARCHES,
  SEARCHES_PER_SECOND,
  SECONDS,
} from './settings';

const directoryPath = (company: string) =>
  `/backend/api/registrations?${toQueryString({
    filters: {
      event: { id: DEMO_EDITION_ID },
      type: 'exhibitor',
      confirmed: true,
      user: { company: { $notNull: true, $containsi: company } },
      conference: { id: { $null: true } },
    },
    populate: { gate: true, user: { populate: ['avatar'] } },
    pagination: { pageSize: PAGE_SIZE.directory, page: 1 },
  })}`;

export interface Morning {
  endpoints: Endpoint[];
  registrations: Endpoint;
  acked: Registered[];
  scans: { acked: string[]; alreadyScanned: number; refused: number };
  checkins: { acked: string[]; refused: number };
  events: {
    killAt: number;
    killWall: number;
    killed: string;
    backAt: number;
    backDoneAt: number;
    rollingAt: number;
    rolledAt: number;
    end: number;
  };
  steadyCpu: { group: string; cores: number }[];
}

export async function morning(
  cluster: BenchCluster,
  db: pg.Pool,
  databaseName: string,
  mail: MailRecorder,
): Promise<Morning> {
  const accounts = await createAccounts(db);
  const phones = await signInAll(cluster, 'auth/local', accounts.scanners);
  const gates = await signInAll(cluster, 'auth/controller', accounts.controllers);
  const organisers = await signInAll(cluster, 'auth/organiser', accounts.organisers);
  // The instances' clock (APP_NOW, settings.ts): the phones and gates date what they send by it.
  const showClock = benchClock(DOORS_OPEN);
  const badge = badgeSigner(cluster.badgeKey, showClock());

  const registrations = new Endpoint('POST visiteurs/putVisitor');
  const pages = new Map(PAGES.map((p) => [p, new Endpoint(`GET ${p}`)]));
  const directory = new Endpoint('GET registrations (directory search)');
  const scanEndpoint = new Endpoint('POST scans');
  const checkinEndpoint = new Endpoint('POST checkins');
  const roster = new Endpoint('GET gate/roster');
  const dashboard = new Endpoint('GET admin/dashboard');
  const acked: Registered[] = [];
  const scans = { acked: [] as string[], alreadyScanned: 0, refused: 0 };
  const checkins = { acked: [] as string[], refused: 0 };
  const runMs = SECONDS * 1000;
  let finished = false;
  const running = () => !finished;

  /** Up to `count` acknowledged visitors not in `seen` (which they join). */
  const pickNew = (seen: Set<number>, count: number) => {
    const out: Registered[] = [];
    for (let tries = 0; out.length < count && tries < count * 5 && acked.length; tries++) {
      const r = acked[Math.floor(Math.random() * acked.length)]!;
      if (!seen.has(r.registrationId)) {
        seen.add(r.registrationId);
        out.push(r);
      }
    }
    return out;
  };

  const phone = async (session: (typeof phones)[number]) => {
    const seen = new Set<number>();
    while (running()) {
      await sleep(jitter(SCAN_EVERY_MS));
      const visitors = pickNew(seen, 1 + Math.floor(Math.random() * 4));
      if (!visitors.length || !running()) continue;
      const batch = visitors.map((v, i) => ({
        id: randomUUID(),
        badge: badge(v.registrationId),
        scannedAt: showClock().toISOString(),
        ...(i % 3 === 0 ? { note: 'Rappeler après le salon', rating: 4 } : {}),
      }));
      const reply = await session.client.request('POST', '/backend/api/scans', {
        headers: session.headers,
        json: { scans: batch },
      });
      if (!scanEndpoint.record(reply)) continue;
      for (const r of json<{ data: { id: string; status: string }[] }>(reply).data) {
        if (r.status === 'recorded') scans.acked.push(r.id);
        else if (r.status === 'alreadyScanned') scans.alreadyScanned += 1;
        else scans.refused += 1;
      }
    }
  };

  const gate = async (session: (typeof gates)[number], g: number) => {
    const first = await session.client.request('GET', '/backend/api/gate/roster', { headers: session.headers });
    if (!roster.record(first)) throw new Error(`gate ${g}: roster HTTP ${first.status}`);
    const opened = json<{ data: GateRoster }>(first).data;
    let cursor = opened.cursor;
    let rosterDue = now() + jitter(ROSTER_EVERY_MS);
    const gateId = opened.gates[g % opened.gates.length]!.id;
    const seen = new Set<number>();
    while (running()) {
      await sleep(jitter(CHECKIN_EVERY_MS));
      const visitors = pickNew(seen, 1 + Math.floor(Math.random() * 3));
      if (visitors.length && running()) {
        const batch = visitors.map((v) => ({
          id: randomUUID(),
          badge: badge(v.registrationId),
          gateId,
          deviceId: `peak-gate-${g}`,
          scannedAt: showClock().toISOString(),
          verdict: 'admitted' as const,
          reason: null,
          reentry: false,
        }));
        const reply = await session.client.request('POST', '/backend/api/checkins', {
          headers: session.headers,
          json: { checkins: batch },
        });
        if (checkinEndpoint.record(reply)) {
          for (const r of json<{ data: CheckinResult[] }>(reply).data) {
            if (r.status === 'recorded') checkins.acked.push(r.id);
            else checkins.refused += 1;
          }
        }
      }
      if (now() >= rosterDue && running()) {
        rosterDue = now() + ROSTER_EVERY_MS;
        const reply = await session.client.request(
          'GET',
          `/backend/api/gate/roster?since=${encodeURIComponent(cursor)}`,
          {
            headers: session.headers,
          },
        );
        if (roster.record(reply)) cursor = json<{ data: GateRoster }>(reply).data.cursor;
      }
    }
  };

  const organiser = async (session: (typeof organisers)[number]) => {
    while (running()) {
      await sleep(jitter(DASHBOARD_EVERY_MS));
      if (!running()) break;
      dashboard.record(
        await session.client.request('GET', '/backend/api/admin/dashboard', { headers: session.headers }),
      );
    }
  };

  /** `fire` `perSecond` times a second whatever the answers' pace (64 in flight at most). */
  const paced = async (perSecond: number, fire: (i: number) => Promise<void>) => {
    if (perSecond <= 0) return;
    const inFlight = new Set<Promise<void>>();
    let next = now();
    for (let i = 0; running(); i++) {
      next += 1000 / perSecond;
      await sleep(next - now());
      if (!running() || inFlight.size >= 64) continue;
      const p = fire(i).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
  };
  const browser = new Client(cluster.httpsPort, 32);
  const html = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'fr-FR,fr;q=0.9' };

  const events = { killAt: 0, killWall: 0, killed: '', backAt: 0, backDoneAt: 0, rollingAt: 0, rolledAt: 0, end: 0 };
  let steadyCpu: Morning['steadyCpu'] = [];
  const conductor = async () => {
    // The CPU of the steady part: from 10 s (pools open, code warm) to the kill.
    await sleep(Math.min(10_000, runMs * 0.1) - now());
    const before: CpuSample = sampleCpu();
    await sleep(runMs * 0.4 - now());
    const after = sampleCpu();
    steadyCpu = cpuBetween(
      before,
      after,
      await clusterProcesses(cluster, db, databaseName, { 'SMTP recorder': [mail.pid] }),
    );

    const victim = cluster.ports[1]!;
    const pid = cluster.pidOf(victim)!;
    process.kill(pid, 'SIGKILL');
    events.killAt = now();
    events.killWall = Date.now();
    events.killed = `api-${victim} (pid ${pid})`;
    await sleep(5000);
    events.backAt = now();
    await cluster.run('start');
    events.backDoneAt = now();

    await sleep(runMs * 0.8 - now());
    events.rollingAt = now();
    await cluster.run('restart');
    events.rolledAt = now();
    await sleep(runMs - now());
    finished = true;
    events.end = now();
  };

  resetClock();
  console.info(`The morning: ${SECONDS} s (kill at ${SECONDS * 0.4} s, rolling restart at ${SECONDS * 0.8} s)…`);
  const registrationClient = new Client(cluster.httpsPort, CONNECTIONS);
  await Promise.all([
    conductor().catch((err: unknown) => {
      finished = true;
      throw err;
    }),
    registrationLoad({
      client: registrationClient,
      connections: CONNECTIONS,
      endpoint: registrations,
      acked,
      prefix: `peak-${process.pid}`,
      running,
    }),
    paced(PAGES_PER_SECOND, async (i) => {
      const page = PAGES[i % PAGES.length]!;
      pages.get(page)!.record(await browser.request('GET', page, { headers: html }));
    }),
    paced(SEARCHES_PER_SECOND, async (i) => {
      directory.record(await browser.request('GET', directoryPath(SEARCHES[i % SEARCHES.length]!)));
    }),
    ...phones.map(phone),
    ...gates.map(gate),
    ...organisers.map(organiser),
  ]);
  for (const s of [...phones, ...gates, ...organisers]) s.client.close();
  browser.close();
  registrationClient.close();
  return {
    endpoints: [registrations, ...pages.values(), directory, scanEndpoint, checkinEndpoint, roster, dashboard],
    registrations,
    acked,
    scans,
    checkins,
    events,
    steadyCpu,
  };
}
