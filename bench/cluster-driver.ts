/**
 * What bench/peak.ts and bench/crash.ts share, in one import: a cluster of their own run by
 * `npm run cluster` (lib/bench-cluster.ts), an SMTP server that records every mail
 * (lib/mail-recorder.ts), an HTTPS client for Caddy's own certificate (lib/https-client.ts),
 * per-endpoint figures (lib/endpoint.ts), sessions and the home page's registration under load
 * (lib/visitors.ts), the checks of what the database holds (lib/data-checks.ts) and the CPU each
 * process used (lib/cpu.ts). Everything started there is stopped on the way out, also on Ctrl-C
 * (lib/interrupt.ts).
 */
export * from './lib/interrupt';
export * from './lib/bench-cluster';
export * from './lib/mail-recorder';
export * from './lib/https-client';
export * from './lib/endpoint';
export * from './lib/visitors';
export * from './lib/data-checks';
export * from './lib/cpu';
export { ms, verdict } from './lib/stats';
