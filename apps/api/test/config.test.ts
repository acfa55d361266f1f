import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';

// loadConfig is pure apart from DATA_DIR: no app or database is needed here.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'salon-config-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const SECRET = 'config-test-secret-config-test-secret-0123';
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env });

function configError(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig did not throw');
}

describe('loadConfig', () => {
  it('throws a ConfigError listing PORT when PORT is not a number', () => {
    const err = configError({ PORT: 'abc' });
    expect(err.message).toMatch(/^Invalid configuration:\n/);
    expect(err.message).toMatch(/^ {2}- PORT: /m);
  });

  it('lists every invalid variable at once', () => {
    const err = configError({ PORT: '70000', JWT_SECRET: 'short', DATABASE_URL: 'mysql://db/x', LOG_LEVEL: 'loud' });
    expect(err.message).toMatch(/^ {2}- PORT: /m);
    expect(err.message).toContain('  - JWT_SECRET: JWT_SECRET must be at least 32 characters');
    expect(err.message).toMatch(/^ {2}- DATABASE_URL: /m);
    expect(err.message).toMatch(/^ {2}- LOG_LEVEL: /m);
  });

  it('refuses a sign-in rate limit that is not a positive integer', () => {
    expect(configError({ LOGIN_RATE_LIMIT: '0' }).message).toMatch(/^ {2}- LOGIN_RATE_LIMIT: /m);
    expect(load({}).LOGIN_RATE_LIMIT).toBe(10);
    expect(load({ LOGIN_RATE_LIMIT: '3' }).LOGIN_RATE_LIMIT).toBe(3);
  });

  it('reads empty variables as unset', () => {
    const config = load({ PORT: '', DATABASE_URL: '', DEMO_DATA: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEMO_DATA).toBe(true);
  });

  it('generates a JWT secret under DATA_DIR/secrets/jwt when none is set, and returns the same one on the next load', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'salon-secret-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const file = path.join(dir, 'secrets', 'jwt');
      expect(existsSync(file)).toBe(true);
      expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const second = loadConfig({ DATA_DIR: dir });
      expect(second.JWT_SECRET).toBe(first.JWT_SECRET);

      // Another data directory gets another secret.
      const elsewhere = await mkdtemp(path.join(tmpdir(), 'salon-secret-'));
      try {
        expect(loadConfig({ DATA_DIR: elsewhere }).JWT_SECRET).not.toBe(first.JWT_SECRET);
      } finally {
        await rm(elsewhere, { recursive: true, force: true });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses JWT_SECRET when set and writes no secret file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'salon-secret-'));
    try {
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
      expect(existsSync(path.join(dir, 'secrets', 'jwt'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('creates DATA_DIR and resolves it to an absolute path', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'salon-data-'));
    try {
      const relative = path.relative(process.cwd(), path.join(parent, 'nested', 'data'));
      const config = loadConfig({ DATA_DIR: relative, JWT_SECRET: SECRET });
      expect(config.DATA_DIR).toBe(path.join(parent, 'nested', 'data'));
      expect(existsSync(config.DATA_DIR)).toBe(true);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('creates DATA_DIR for its own user only (mode 700)', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'salon-data-'));
    try {
      const config = loadConfig({ DATA_DIR: path.join(parent, 'data'), JWT_SECRET: SECRET });
      expect(statSync(config.DATA_DIR).mode & 0o777).toBe(0o700);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('closes an existing DATA_DIR that other users could enter', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'salon-data-'));
    try {
      chmodSync(dir, 0o755);
      loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET });
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a secret file under DATA_DIR that other users can read, and says how to fix it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'salon-secret-'));
    try {
      loadConfig({ DATA_DIR: dir });
      const file = path.join(dir, 'secrets', 'jwt');
      chmodSync(file, 0o644);
      expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
        new ConfigError(
          `${file} is open to other users (mode 644): run chmod 600 ${file}, ` +
            'and replace the secret if anyone else may have read it.',
        ),
      );
      chmodSync(file, 0o600);
      expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(readFileSync(file, 'utf8').trim());

      const key = path.join(dir, 'secrets', 'badge-ed25519.pem');
      chmodSync(key, 0o640);
      expect(() => loadConfig({ DATA_DIR: dir })).toThrow(`${key} is open to other users (mode 640)`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('turns demo data on by default without DATABASE_URL and off with one', () => {
    expect(load({}).DEMO_DATA).toBe(true);
    expect(load({ DATABASE_URL: 'postgres://salon@db.example.com:5432/salon' }).DEMO_DATA).toBe(false);
  });

  it('lets DEMO_DATA override the default either way', () => {
    expect(load({ DATABASE_URL: 'postgresql://salon@db.example.com/salon', DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    expect(load({ DATABASE_URL: 'postgres://salon@db.example.com/salon', DEMO_DATA: '1' }).DEMO_DATA).toBe(true);
    expect(load({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
    expect(load({ DEMO_DATA: '0' }).DEMO_DATA).toBe(false);
    expect(configError({ DEMO_DATA: 'yes' }).message).toMatch(/^ {2}- DEMO_DATA: /m);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    expect(load({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(load({ PUBLIC_URL: 'https://salon.example.com/' }).PUBLIC_URL).toBe('https://salon.example.com');
  });

  it('defaults the body limit to 1 MiB', () => {
    expect(load({}).BODY_LIMIT).toBe(1_048_576);
  });
});

describe('docs/configuration.md', () => {
  it('names every environment variable the API reads, so the docs stay true', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const source = readFileSync(path.join(root, 'apps/api/src/config/env.ts'), 'utf8');
    const schema = source.slice(source.indexOf('const envSchema = z.object({'));
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(40);
    const docs = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    expect(variables.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });
});
