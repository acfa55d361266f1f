/**
 * bench:peak's tables: each endpoint's requests, errors (those in the killed instance's window
 * apart), p50 and p99; the targets with PASS or MISS; the CPU of the steady part; registrations
 * per second from one instance to three.
 */
import { cpus } from 'node:os';
import { ms, verdict } from '../cluster-driver';
import { describeClock, DOORS_OPEN } from '../lib/show-clock';
import { measuredVerdict } from '../lib/stats';
import { printTable } from '../start-server';
import type { Morning } from './morning';
import type { ScaleRow } from './scale';
import {
  CHECKIN_EVERY_MS,
  COLLABORATORS,
  CONNECTIONS,
  DASHBOARD_EVERY_MS,
  DRAIN_SECONDS,
  DUPLICATE_WINDOW_MS,
  EXHIBITORS,
  GATES,
  KILL_WINDOW_MS,
  ORGANISERS,
  PAGES_PER_SECOND,
  ROSTER_EVERY_MS,
  SCALE_SECONDS,
  SCAN_EVERY_MS,
  SEARCHES_PER_SECOND,
  TARGETS,
} from './settings';
import type { Checks } from './verify';

export function reportMorning(m: Morning, checks: Checks): boolean {
  const { events } = m;
  const seconds = events.end / 1000;
  const s = (t: number) => `${(t / 1000).toFixed(1)} s`;
  /** In flight when the instance died, or sent before Caddy's next health check. */
  const inKillWindow = (f: { start: number; end: number }) =>
    (f.start <= events.killAt && f.end >= events.killAt) ||
    (f.start >= events.killAt && f.start <= events.killAt + KILL_WINDOW_MS);
  let outside = 0;
  let inside = 0;
  const rows = m.endpoints.map((e) => {
    const within = e.failures.filter(inKillWindow).length;
    inside += within;
    outside += e.failures.length - within;
    return [
      e.name,
      String(e.requests),
      (e.requests / seconds).toFixed(1),
      String(e.failures.length),
      String(within),
      ms(e.percentile(0.5)),
      ms(e.percentile(0.99)),
      e.failureKinds(),
    ];
  });
  console.info(
    `\nOpening morning through Caddy (https, 3 instances, PostgreSQL, Redis), ${describeClock(DOORS_OPEN)}, ${seconds.toFixed(0)} s: registrations on ${CONNECTIONS} connections as fast as answered, ` +
      `${PAGES_PER_SECOND} page views/s, ${SEARCHES_PER_SECOND} directory searches/s, ${EXHIBITORS + COLLABORATORS} phones scanning every ~${SCAN_EVERY_MS / 1000} s, ` +
      `${GATES} gates (check-ins every ~${CHECKIN_EVERY_MS / 1000} s, roster every ${ROSTER_EVERY_MS / 1000} s), ${ORGANISERS} organisers on the dashboard every ~${DASHBOARD_EVERY_MS / 1000} s`,
  );
  console.info(
    `Events: SIGKILL ${events.killed} at ${s(events.killAt)}; npm run cluster (start) at ${s(events.backAt)}, done at ${s(events.backDoneAt)}; ` +
      `npm run cluster -- restart from ${s(events.rollingAt)} to ${s(events.rolledAt)}. Errors count non-2xx answers and socket errors; ` +
      `'kill window': in flight at the SIGKILL or sent within ${KILL_WINDOW_MS} ms after it (before Caddy's next health check).`,
  );
  printTable(['endpoint', 'requests', 'per s', 'errors', 'in kill window', 'p50 ms', 'p99 ms', 'what failed'], rows);

  const buckets = new Map<number, number>();
  for (const a of m.acked) buckets.set(Math.floor(a.at / 10_000), (buckets.get(Math.floor(a.at / 10_000)) ?? 0) + 1);
  const perTen = Array.from({ length: Math.ceil(seconds / 10) }, (_, i) => Math.round((buckets.get(i) ?? 0) / 10));
  console.info(`Registrations/s by 10 s: ${perTen.join(' ')}`);

  const perSecond = m.acked.length / seconds;
  // The first and last tens are partial (warm-up, the end's requests in flight).
  const inner = perTen.slice(1, -1);
  const slowest = inner.length ? Math.min(...inner) : '-';
  const p99 = m.registrations.percentile(0.99);
  const { registrations, scans, checkins, mails, late } = checks;
  const final = late ?? mails;
  const duplicatesInWindow = final.duplicates.filter(
    (d) => d.first <= m.events.killWall && d.first >= m.events.killWall - DUPLICATE_WINDOW_MS,
  ).length;
  const lost = registrations.missing + scans.missing + checkins.missing + final.lost;

  const targets = [
    [
      'registrations through the proxy',
      `${perSecond.toFixed(0)}/s sustained (slowest 10 s: ${slowest}/s), p50 ${ms(m.registrations.percentile(0.5))} ms, p99 ${ms(p99)} ms`,
      `≥ ${TARGETS.perSecond}/s, p99 ≤ ${TARGETS.p99} ms`,
      verdict(perSecond >= TARGETS.perSecond && p99 <= TARGETS.p99),
    ],
    [
      'errors outside the killed instance’s window',
      `${outside} (${inside} in the window)`,
      '0',
      verdict(outside === 0),
    ],
    [
      'acknowledged registrations stored once',
      `${registrations.acked} acknowledged: ${registrations.missing} missing, ${registrations.duplicated} twice, ${registrations.otherId} under another id`,
      '0 lost',
      measuredVerdict(registrations.acked, registrations.ok, 'acknowledged'),
    ],
    [
      'acknowledged scans stored once (client id)',
      `${scans.acked} acknowledged: ${scans.missing} missing, ${scans.duplicated} twice (${m.scans.alreadyScanned} answered 'alreadyScanned', ${m.scans.refused} refused)`,
      '0 lost, none refused',
      measuredVerdict(scans.acked, scans.ok && m.scans.refused === 0, 'acknowledged'),
    ],
    [
      'acknowledged check-ins stored once (client id)',
      `${checkins.acked} acknowledged: ${checkins.missing} missing, ${checkins.duplicated} twice (${m.checkins.refused} refused)`,
      '0 lost, none refused',
      measuredVerdict(checkins.acked, checkins.ok && m.checkins.refused === 0, 'acknowledged'),
    ],
    // The mailer runs at a lower priority than the instances serving visitors: during the peak it
    // takes what they leave, and the outbox drains after it. Not a target: how long depends on how
    // many registrations the run made.
    [
      `badge mails of acknowledged registrations, ${DRAIN_SECONDS} s after the run`,
      `received ${mails.acked - mails.missing} of ${mails.acked}: ${mails.queued} still queued (outbox: ${mails.drain.waiting} waiting), ${mails.lost} lost`,
      'figure',
      mails.lost === 0 ? '-' : 'MISS',
    ],
    ...(late
      ? [
          [
            'badge mails once the outbox drained',
            `received ${late.acked - late.missing} of ${late.acked} ${(DRAIN_SECONDS + late.drain.seconds).toFixed(0)} s after the run (${mailRate(mails, late)} mails/s after the first ${DRAIN_SECONDS} s): ${late.queued} still queued, ${late.lost} lost`,
            'none lost',
            measuredVerdict(late.acked, late.lost === 0, 'acknowledged'),
          ],
        ]
      : []),
    [
      'badge mails received twice',
      `${final.duplicates.length} (${duplicatesInWindow} first received in the ${DUPLICATE_WINDOW_MS / 1000} s before the SIGKILL)`,
      'only at the kill',
      measuredVerdict(final.acked, duplicatesInWindow === final.duplicates.length, 'acknowledged'),
    ],
    [
      'data lost',
      `${lost} of ${registrations.acked + scans.acked + checkins.acked} acknowledged`,
      '0',
      measuredVerdict(registrations.acked + scans.acked + checkins.acked, lost === 0, 'acknowledged'),
    ],
  ];
  console.info('');
  printTable(['measure', 'value', 'target', 'result'], targets);

  console.info(`\nCPU in the steady part (10 s to the kill), in cores of the machine's ${cpus().length}:`);
  printTable(
    ['process', 'cores'],
    m.steadyCpu.map((c) => [c.group, c.cores.toFixed(2)]),
  );

  return targets.every((t) => !t[3]!.startsWith('MISS'));
}

/** Mails received per second between the first check and the second. */
function mailRate(
  first: { acked: number; missing: number },
  then: { acked: number; missing: number; drain: { seconds: number } },
) {
  return ((first.missing - then.missing) / then.drain.seconds).toFixed(0);
}

export function reportScale(scaleRows: ScaleRow[]): void {
  console.info(
    `\nHow throughput grows from 1 to 3 instances: registrations alone, ${CONNECTIONS} connections, ${SCALE_SECONDS} s each (after 3 s of warm-up), mail workers off (MAIL_WORKER=false: badge mails queued, not sent); CPU in cores:`,
  );
  const groups = scaleRows[0]?.cpu.map((c) => c.group) ?? [];
  printTable(
    ['instances', 'registrations/s', 'p50 ms', 'p99 ms', 'errors', ...groups],
    scaleRows.map((r) => [
      String(r.instances),
      r.perSecond.toFixed(0),
      ms(r.p50),
      ms(r.p99),
      String(r.errors),
      ...r.cpu.map((c) => c.cores.toFixed(2)),
    ]),
  );
  const [one, , three] = scaleRows;
  if (one && three) {
    const cores = (row: ScaleRow, group: string) => (row.cpu.find((c) => c.group === group)?.cores ?? 0).toFixed(2);
    console.info(
      `Why two cores cap it: one instance alone used ${cores(one, 'API instances')} cores at ${one.perSecond.toFixed(0)}/s, while PostgreSQL took ` +
        `${cores(one, 'PostgreSQL')}, Caddy (TLS) ${cores(one, 'Caddy')} and the load generator ${cores(one, 'load generator (this bench)')}, ` +
        `${cores(one, 'machine, all busy')} of ${cpus().length} busy: the machine is the limit, not the instance. An instance added brings no ` +
        'core, it shares the same ones with Caddy, PostgreSQL, the load generator and the other instances, so registrations per second ' +
        `do not grow (${scaleRows.map((r) => r.perSecond.toFixed(0)).join(' → ')}/s; other processes on the machine took ` +
        `${scaleRows.map((r) => cores(r, 'other processes')).join(', ')} cores meanwhile). On more cores, with PostgreSQL and the load ` +
        'generator on their own, each instance would add about what one does alone, until PostgreSQL (one commit per registration) ' +
        'becomes the limit.',
    );
  }
}
