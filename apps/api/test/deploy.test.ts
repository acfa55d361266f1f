import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { publishedPasswordProblem } from '../src/db/seed';
import { repoRoot } from '../src/paths';
import { createTestApp, type TestContext } from './helper';

/**
 * The deployment files (Dockerfile, compose.yaml, deploy/) agree with each other and with the
 * server. scripts/docker-smoke.sh builds and runs the image in CI; compose cannot run there (no
 * image registry), so what ties its parts together is checked here.
 */
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

interface Service {
  image?: string;
  deploy?: { replicas?: number };
  environment?: Record<string, string>;
  env_file?: string | string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  cpu_shares?: number;
}
// compose.yaml shares the replicas' settings with the mailer through YAML merge keys.
const compose = parse(read('compose.yaml'), { merge: true }) as { name: string; services: Record<string, Service> };
const api = compose.services.api!;
const mailer = compose.services.mailer!;
const dockerfile = read('Dockerfile');
const caddyCompose = read('deploy/Caddyfile.compose');
const caddySystemd = read('deploy/Caddyfile.systemd');
const unit = read('deploy/salon-api@.service');
const mailerDropIn = read('deploy/mailer.conf');

/** server.ts stops waiting for requests in flight this long after the drain, then exits. */
const AFTER_DRAIN_SECONDS = 15;
/** The largest SHUTDOWN_DRAIN_SECONDS config/env.ts accepts. */
const MAX_DRAIN_SECONDS = 60;

const seconds = (duration: string) => {
  const [, n, unit] = /^(\d+)(s|m)?$/.exec(duration) ?? [];
  if (n === undefined) throw new Error(`not a duration: ${duration}`);
  return Number(n) * (unit === 'm' ? 60 : 1);
};
const upstreams = (caddyfile: string) => /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
const caddyOption = (caddyfile: string, name: string) => new RegExp(`^\\s*${name} (\\S+)$`, 'm').exec(caddyfile)?.[1];
const setting = (file: string, name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(file)?.[1];
const unitSetting = (name: string) => setting(unit, name);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('deployment files', () => {
  it('Caddy in compose proxies to exactly the api replicas compose starts, on the port the image listens on', () => {
    const port = /^ENV .*\bPORT=(\d+)/m.exec(dockerfile)![1];
    const replicas = api.deploy!.replicas!;
    expect(replicas).toBeGreaterThan(1);
    expect(upstreams(caddyCompose)).toEqual(
      Array.from({ length: replicas }, (_, i) => `${compose.name}-api-${i + 1}:${port}`),
    );
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
  });

  it('every health probe in the deployment files is a route that answers 200 on a ready instance', async () => {
    const probes = {
      image: /HEALTHCHECK[\s\S]*?(\/backend\/api\/health\/\w+)/.exec(dockerfile)![1],
      caddyCompose: caddyOption(caddyCompose, 'health_uri'),
      caddySystemd: caddyOption(caddySystemd, 'health_uri'),
    };
    // Docker restarts what is not alive; the proxies send nothing to what is not ready (draining).
    expect(probes).toEqual({
      image: '/backend/api/health/live',
      caddyCompose: '/backend/api/health/ready',
      caddySystemd: '/backend/api/health/ready',
    });
    for (const url of Object.values(probes)) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('compose starts the replicas on a healthy PostgreSQL and Redis, behind one trusted proxy, with time to drain', () => {
    for (const name of ['postgres', 'redis']) {
      expect(api.depends_on![name]).toEqual({ condition: 'service_healthy' });
      expect(compose.services[name]!.healthcheck!.test.length).toBeGreaterThan(0);
    }
    const env = api.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/\w+:\$\{POSTGRES_PASSWORD\}@postgres:5432\/\w+$/);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.TRUST_PROXY).toBe('1');
    const drain = Number(env.SHUTDOWN_DRAIN_SECONDS);
    // Caddy looks more than once within the drain, so no new request reaches a stopping replica.
    expect(seconds(caddyOption(caddyCompose, 'health_interval')!) * 2).toBeLessThanOrEqual(drain);
    expect(seconds(api.stop_grace_period!)).toBeGreaterThan(drain + AFTER_DRAIN_SECONDS);
  });

  it('compose sends mails from one mailer outside Caddy at a lower CPU share, and the replicas only queue them', () => {
    expect(api.environment!.MAIL_WORKER).toBe('false');
    expect(mailer.environment!.MAIL_WORKER).toBe('true');
    expect(mailer.deploy!.replicas).toBe(1);
    expect(mailer.cpu_shares).toBeLessThan(1024);
    // The same image, database, Redis, secrets and address as the replicas (its links are theirs).
    const { MAIL_WORKER: _a, ...shared } = api.environment!;
    const { MAIL_WORKER: _m, ...mailerShared } = mailer.environment!;
    expect(mailerShared).toEqual(shared);
    expect([mailer.image, mailer.env_file]).toEqual([api.image, api.env_file]);
    expect(upstreams(caddyCompose).some((u) => u.startsWith(`${compose.name}-mailer-`))).toBe(false);
  });

  it('under systemd the instances behind Caddy only queue mails, and the mailer instance outside it sends them', () => {
    expect(unitSetting('Environment')!.split(' ')).toContain('MAIL_WORKER=false');
    expect(setting(mailerDropIn, 'Environment')).toBe('MAIL_WORKER=true');
    expect(Number(setting(mailerDropIn, 'Nice'))).toBeGreaterThan(0);
    const port = /salon-api@(\d+)\.service\.d\/mailer\.conf/.exec(mailerDropIn)![1]!;
    expect(upstreams(caddySystemd)).not.toContain(`127.0.0.1:${port}`);
    expect(upstreams(caddySystemd).length).toBeGreaterThan(0);
  });

  it('the secrets file compose reads is never committed nor sent into an image', () => {
    expect(api.env_file).toBe('.env');
    expect(read('.gitignore').split('\n')).toContain('.env');
    expect(read('.dockerignore').split('\n')).toContain('.env');
  });

  it('the image, listening on every interface, starts without the demo accounts whatever the database', async () => {
    const env = Object.fromEntries(
      /^ENV (.*)$/m
        .exec(dockerfile)![1]!
        .split(' ')
        .map((pair) => pair.split('=') as [string, string]),
    );
    for (const database of [{}, { DATABASE_URL: 'postgres://salon@postgres/salon' }]) {
      const config = loadConfig({ ...env, ...database, JWT_SECRET: ctx.config.JWT_SECRET });
      expect(config.HOST).toBe('0.0.0.0');
      expect(config.DEMO_DATA).toBe(false);
      expect(await publishedPasswordProblem(ctx.db, { ...config, DEMO_DATA: true })).toMatch(
        /^Refusing to start: HOST is 0\.0\.0\.0, not a loopback address/,
      );
    }
  });

  it('the image, npm start and the systemd unit all run the bundle the API build writes', () => {
    const build = read('apps/api/scripts/build.mjs');
    expect(build).toContain("server: 'src/server.ts'");
    const outfile = `${/outdir: '([^']+)'/.exec(build)![1]!}/server.js`;
    const bundle = `apps/api/${outfile}`;
    expect(dockerfile).toContain(`CMD ["node", "--enable-source-maps", "${bundle}"]`);
    expect(unitSetting('ExecStart')).toBe(`/usr/bin/node --enable-source-maps /opt/salon/${bundle}`);
    expect(read('apps/api/package.json')).toContain(`node --enable-source-maps ${outfile}`);
  });

  it('the systemd unit runs each instance on its port as an unprivileged user, and waits out the longest drain', () => {
    const environment = unitSetting('Environment')!.split(' ');
    expect(environment).toContain('PORT=%i');
    const dataDir = environment.find((e) => e.startsWith('DATA_DIR='))!.slice('DATA_DIR='.length);
    expect(unitSetting('User')).toBe('salon');
    expect(unitSetting('ReadWritePaths')).toBe(dataDir);
    expect(unitSetting('ProtectSystem')).toBe('strict');
    expect(unitSetting('NoNewPrivileges')).toBe('yes');
    expect(unitSetting('KillSignal')).toBe('SIGTERM');
    expect(seconds(unitSetting('TimeoutStopSec')!)).toBeGreaterThan(MAX_DRAIN_SECONDS + AFTER_DRAIN_SECONDS);
  });
});
