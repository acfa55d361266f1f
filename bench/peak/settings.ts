/**
 * bench:peak's settings: what BENCH_* variables change (see peak.ts) and the show's opening mix
 * (how many phones, gates and organisers, how often each sends), the targets, the instances'
 * variables.
 */
import { clockEnv, DOORS_OPEN } from '../lib/show-clock';

const env = process.env;
export const SECONDS = Number(env.BENCH_SECONDS ?? 300);
export const SCALE_SECONDS = Number(env.BENCH_SCALE_SECONDS ?? 20);
export const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 24);
export const PAGES_PER_SECOND = Number(env.BENCH_PAGES_PER_SECOND ?? 4);
export const SEARCHES_PER_SECOND = Number(env.BENCH_SEARCHES_PER_SECOND ?? 4);
export const DRAIN_SECONDS = Number(env.BENCH_DRAIN_SECONDS ?? 120);
/** When mails still wait after DRAIN_SECONDS: how much longer to wait, to tell late from lost. */
export const LATE_SECONDS = Number(env.BENCH_LATE_SECONDS ?? 900);
export const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
export const EXHIBITORS = 10;
export const COLLABORATORS = 40;
export const GATES = 10;
export const ORGANISERS = 5;
export const SCAN_EVERY_MS = 3000;
export const CHECKIN_EVERY_MS = 2000;
export const ROSTER_EVERY_MS = 60_000;
export const DASHBOARD_EVERY_MS = 5000;
/** After a SIGKILL, Caddy's next health check (every second) stops sending to the dead instance. */
export const KILL_WINDOW_MS = 1000;
/** A mail sent twice: its first copy came at most this long before its instance was killed. */
export const DUPLICATE_WINDOW_MS = 2000;
export const TARGETS = { perSecond: 300, p99: 250 };
export const PASSWORD = 'Bench-Peak-2024!';
export const PAGES = ['/', '/annuaire', '/programme-du-forum'];
export const SEARCHES = ['atlas', 'béton', 'menara', 'oasis', 'cèdre', 'sud', 'alu', 'souss', 'bois', 'énergie'];

export const INSTANCE_ENV = {
  API_RATE_LIMIT: '100000000',
  PAGE_RATE_LIMIT: '100000000',
  REGISTRATION_RATE_LIMIT: '100000000',
  LOGIN_RATE_LIMIT: '100000000',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'true',
  // The opening morning of the demo edition: registrations still open, gates and stands at work
  // (after the edition's last day registrations are refused).
  ...clockEnv(DOORS_OPEN),
};
