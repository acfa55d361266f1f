import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { call, createTestApp, type TestContext } from './helper';

const TOO_MANY = 'Trop de requêtes. Veuillez réessayer dans 1 minute.';
const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.7';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'salon-proxy-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const trustProxy = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).TRUST_PROXY;

function refusal(value: string): string {
  try {
    trustProxy(value);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
}

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or a list of addresses and ranges, and is off when unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).TRUST_PROXY).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(trustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses `true` at start and says what to write instead', () => {
    expect(refusal('true')).toBe(
      'Invalid configuration:\n' +
        '  - TRUST_PROXY: `true` would trust any X-Forwarded-For a client writes, so anyone could pick their own address. ' +
        'Write how many proxies stand in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
    );
  });

  it('refuses what is neither a number of proxies nor addresses', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example.com', '1.5', '-1', '100']) {
      expect(refusal(value), value).toMatch(
        /^ {2}- TRUST_PROXY: not a number of proxies nor a list of addresses\. Write /m,
      );
    }
  });
});

/** Sends `count` requests through the proxy, each with a made-up address written by the client. */
async function throughProxy(ctx: TestContext, count: number, client = CLIENT) {
  const statuses = [];
  for (let i = 0; i < count; i++) {
    const res = await call(ctx.app, 'GET', 'health', {
      remoteAddress: PROXY,
      // What the client wrote, then what the proxy appended: the address it saw.
      headers: { 'x-forwarded-for': `198.51.100.${i}, ${client}` },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json<{ error: { message: string } }>().error.message).toBe(TOO_MANY);
  }
  return statuses;
}

describe.each([
  ['a number of proxies', '1'],
  ['the proxy’s address', '127.0.0.0/8'],
])('behind one proxy, given as %s', (_name, setting) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: setting, API_RATE_LIMIT: '5' });
  });
  afterAll(() => ctx.close());

  it('counts a client by the address the proxy saw: a client-written X-Forwarded-For gives no fresh bucket', async () => {
    expect(await throughProxy(ctx, 7)).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('still counts two clients of the same proxy apart', async () => {
    expect(await throughProxy(ctx, 1, '203.0.113.8')).toEqual([200]);
  });
});

describe('with a proxy given by address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.9.0.1', API_RATE_LIMIT: '3' });
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For from a client that is not that proxy', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(ctx.app, 'GET', 'health', {
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
