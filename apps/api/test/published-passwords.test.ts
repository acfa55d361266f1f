import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/env';
import { users } from '../src/db/schema';
import { loadConfig } from '../src/config/env';
import { DEMO_ACCOUNTS, isLocalUrl, isLoopbackHost, publishedPasswordProblem, seed } from '../src/db/seed';
import { hashPassword } from '../src/lib/passwords';
import { createUser, createTestApp, type TestContext } from './helper';

const PUBLIC = 'https://salon.example.com';
const REFUSING = `Refusing to start: PUBLIC_URL is ${PUBLIC}, not localhost`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const configWith = (overrides: Partial<Config>): Config => ({ ...ctx.config, DEMO_DATA: false, ...overrides });
const check = (overrides: Partial<Config>) => publishedPasswordProblem(ctx.db, configWith(overrides));

describe('isLocalUrl', () => {
  it('takes localhost, the loopback addresses and *.localhost as local, and nothing else', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:3210',
      'http://[::1]:3000',
      'http://salon.localhost',
    ]) {
      expect(isLocalUrl(url), url).toBe(true);
    }
    for (const url of [PUBLIC, 'http://192.168.1.10:3000', 'http://localhost.example.com', 'http://127.0.0.2']) {
      expect(isLocalUrl(url), url).toBe(false);
    }
  });
});

describe('isLoopbackHost', () => {
  it('takes the loopback addresses as unreachable from another machine, and every other address as reachable', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.2', '128.0.0.1', 'salon.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('the start-up check for published passwords', () => {
  it('listens on the loopback address by default, where the demo accounts may start', async () => {
    const config = loadConfig({ JWT_SECRET: ctx.config.JWT_SECRET });
    expect(config.HOST).toBe('127.0.0.1');
    expect(await check({ HOST: config.HOST, PUBLIC_URL: config.PUBLIC_URL, DEMO_DATA: true })).toBeNull();
  });

  it('refuses demo data on a socket other machines reach, though PUBLIC_URL says localhost', async () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10']) {
      expect(await check({ HOST, PUBLIC_URL: 'http://localhost:3000', DEMO_DATA: true })).toBe(
        `Refusing to start: HOST is ${HOST}, not a loopback address such as 127.0.0.1, and demo data is on (the default with the embedded database), whose passwords the README publishes: set DEMO_DATA=false.`,
      );
    }
  });

  it('refuses demo data on a public address, before anything is written', async () => {
    expect(await check({ PUBLIC_URL: PUBLIC, DEMO_DATA: true })).toBe(
      `${REFUSING}, and demo data is on (the default with the embedded database), whose passwords the README publishes: set DEMO_DATA=false.`,
    );
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rules or is a README one, on a public address', async () => {
    const weak = `${REFUSING}, and ADMIN_PASSWORD is too weak: choose one of at least 10 characters with a lower-case letter, an upper-case letter and a digit, not a README one.`;
    expect(await check({ PUBLIC_URL: PUBLIC, ADMIN_PASSWORD: 'organiser-2024' })).toBe(weak);
    expect(await check({ PUBLIC_URL: PUBLIC, ADMIN_PASSWORD: 'Organiser-Paris' })).toBe(weak);
    expect(await check({ PUBLIC_URL: PUBLIC, ADMIN_PASSWORD: DEMO_ACCOUNTS.organiser.password })).toBe(weak);
    expect(await check({ PUBLIC_URL: PUBLIC, ADMIN_PASSWORD: 'Salon-Marrakech-2024' })).toBeNull();
  });

  it('lets everything start on localhost, demo accounts and demo data included', async () => {
    await createUser(ctx.db, {
      type: 'organiser',
      email: DEMO_ACCOUNTS.organiser.email,
      password: DEMO_ACCOUNTS.organiser.password,
    });
    await createUser(ctx.db, {
      type: 'controller',
      email: DEMO_ACCOUNTS.controller.email,
      password: DEMO_ACCOUNTS.controller.password,
    });
    expect(
      await check({ PUBLIC_URL: 'http://localhost:3000', DEMO_DATA: true, ADMIN_PASSWORD: 'short-one' }),
    ).toBeNull();
  });

  it('refuses a public address while a demo account still signs in with the README password, and names it', async () => {
    expect(await check({ PUBLIC_URL: PUBLIC })).toBe(
      `${REFUSING}, and controleur@example.com, organisateur@example.com still sign in with the README's password: ` +
        `delete these accounts or change their passwords (back-office or 'Mot de passe oublié').`,
    );
  });

  it('starts once those accounts have new passwords or are deleted', async () => {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword('Another-Secret-2024') })
      .where(eq(users.email, DEMO_ACCOUNTS.organiser.email));
    expect(await check({ PUBLIC_URL: PUBLIC })).toMatch(/, and controleur@example\.com still sign in /);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, DEMO_ACCOUNTS.controller.email));
    expect(await check({ PUBLIC_URL: PUBLIC })).toBeNull();
  });
});

describe('the demo accounts warning', () => {
  it('is logged at every start while the demo organiser exists, with the embedded database too', async () => {
    const warnings: string[] = [];
    // The demo accounts' warning only (the tests' past editions are the demo's, which has its own).
    const log = {
      info: () => undefined,
      warn: (message: string) => void (message.startsWith('demo accounts') && warnings.push(message)),
    };
    const config = configWith({ DATABASE_URL: undefined });
    await seed(ctx.db, config, log as unknown as FastifyBaseLogger);
    expect(warnings).toEqual(['demo accounts exist in this database: delete them before opening to the public']);

    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, DEMO_ACCOUNTS.organiser.email));
    await seed(ctx.db, config, log as unknown as FastifyBaseLogger);
    expect(warnings).toHaveLength(1);
  });
});
