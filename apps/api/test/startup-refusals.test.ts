import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { freePort, spawnServer, stopServer, untilExit, untilHealthy } from './server-process';
import { walletCertificates } from './wallet-certificates';

let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'salon-refusals-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/**
 * Runs the server with `env`; resolves with its exit code and stderr once it exits, or, once it
 * serves its health, stops it with SIGTERM and resolves with 'started'.
 */
async function run(
  env: Record<string, string>,
  dir = dataDir,
): Promise<{ code: number | null | 'started'; stderr: string }> {
  const server = await spawnServer({ DEMO_DATA: 'false', ...env }, dir);
  if (await untilHealthy(server)) {
    await stopServer(server);
    return { code: 'started', stderr: server.stderr() };
  }
  return { code: await untilExit(server), stderr: server.stderr() };
}

const JWT_A = 'a'.repeat(40);
const badgeKey = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('A misconfigured instance', () => {
  it('refuses to start, in one line, when REDIS_URL names a Redis that does not answer', async () => {
    const port = await freePort();
    const { code, stderr } = await run({ REDIS_URL: `redis://:hunter2hunter2@127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(
        `^REDIS_URL redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} does not answer \\(.*ECONNREFUSED.*\\): start Redis, fix REDIS_URL, or unset it`,
      ),
    );
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toContain('hunter2');
  });

  it('refuses to start, in one line and without the password, when DATABASE_URL names no running PostgreSQL', async () => {
    const port = await freePort();
    const { code, stderr } = await run({ DATABASE_URL: `postgres://salon:s3cret-pass@127.0.0.1:${port}/salon` });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `DATABASE_URL postgres://salon:***@127.0.0.1:${port}/salon: cannot connect (connect ECONNREFUSED 127.0.0.1:${port}): ` +
        'start PostgreSQL or fix the host and port in DATABASE_URL.',
    );
  });

  it('refuses to start, in one line saying which, when the Apple Wallet certificate does not match its key', async () => {
    const chain = walletCertificates();
    const { code, stderr } = await run({ ...chain.env, APPLE_PASS_KEY: chain.otherKey });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('APPLE_PASS_KEY is not the key of APPLE_PASS_CERTIFICATE');
  });

  it('refuses to start, in one line, when the APNs key is not an APNs key', async () => {
    const chain = walletCertificates();
    const { code, stderr } = await run({ ...chain.env, APNS_KEY: chain.otherKey, APNS_KEY_ID: 'KEY1234567' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('APNS_KEY is not an APNs key (an EC P-256 key)');
  });

  it('starts with the keys the database recorded, and refuses another JWT_SECRET or badge key, saying which and how to change it on purpose', async () => {
    const key = badgeKey();
    expect((await run({ JWT_SECRET: JWT_A, BADGE_PRIVATE_KEY: key })).code).toBe('started');
    expect((await run({ JWT_SECRET: JWT_A, BADGE_PRIVATE_KEY: key })).code).toBe('started');

    const otherSecret = await run({ JWT_SECRET: 'b'.repeat(40), BADGE_PRIVATE_KEY: key });
    expect(otherSecret.code).toBe(1);
    expect(otherSecret.stderr.trim()).toBe(
      'JWT_SECRET: not the one the other instances on this database use (recorded when the first one started). ' +
        'Give every instance the same JWT_SECRET. To change it on purpose, stop every instance, run ' +
        "`delete from instance_keys where name in ('jwt')` and start them with the new one " +
        '(a new JWT_SECRET signs everyone out; a new BADGE_PRIVATE_KEY voids every badge already sent).',
    );

    const both = await run({ JWT_SECRET: 'b'.repeat(40), BADGE_PRIVATE_KEY: badgeKey() });
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/^JWT_SECRET and BADGE_PRIVATE_KEY: not the one/);
    expect(both.stderr).toContain("name in ('jwt', 'badge')");
  }, 120_000);

  it('refuses to start on a database a newer build migrated, naming the migration it does not know', async () => {
    const dir = path.join(dataDir, 'newer');
    expect((await run({ JWT_SECRET: JWT_A }, dir)).code).toBe('started');
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('f00dfeedcafe0123', 1893456000000)`,
    );
    await database.close();

    const { code, stderr } = await run({ JWT_SECRET: JWT_A }, dir);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'The database has 1 migration(s) this build does not know (2030-01-01T00:00:00.000Z (hash f00dfeedcafe)): ' +
        'it was migrated by a newer version. Deploy that version or a later one.',
    );
  }, 60_000);
});
