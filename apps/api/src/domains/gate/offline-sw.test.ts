import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OFFLINE_PAGES, offlineManifest, offlineWorkerScript } from './offline-sw.routes';
import { createTestApp, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let clientDir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  clientDir = await mkdtemp(path.join(tmpdir(), 'salon-sw-'));
  await mkdir(path.join(clientDir, 'assets/i18n'), { recursive: true });
  await mkdir(path.join(clientDir, 'assets/images'), { recursive: true });
  await writeFile(path.join(clientDir, 'assets/entry.client-AbC123.js'), 'export {};');
  await writeFile(path.join(clientDir, 'assets/borne-XyZ789.js'), 'export {};');
  await writeFile(
    path.join(clientDir, 'assets/manifest-1234abcd.js'),
    'window.__reactRouterManifest={"entry":{},"routes":{},"url":"/assets/manifest-1234abcd.js","version":"1234abcd"};',
  );
  await writeFile(path.join(clientDir, 'assets/i18n/fr.json'), '{"a":"b"}');
  await writeFile(path.join(clientDir, 'assets/i18n/en.json'), '{"a":"b"}');
  await writeFile(path.join(clientDir, 'assets/images/favicon.svg'), '<svg/>');
  await writeFile(path.join(clientDir, 'assets/images/og-image.jpg'), 'jpg');
});
afterAll(async () => {
  await ctx.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** A list the worker script holds, as written at its top (`const PAGES = [...];`). */
function listed(script: string, name: 'PAGES' | 'ASSETS'): string[] {
  const json = new RegExp(`^const ${name} = (.*);$`, 'm').exec(script)?.[1];
  return JSON.parse(json ?? 'null') as string[];
}

describe('the offline service worker of the gate pages and the kiosk', () => {
  it('is served as a script the browser always checks again, even without a web build', async () => {
    const res = await ctx.app.inject({ url: '/offline-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('const ASSETS = [];');
  });

  it('lists the five pages and never an API path', async () => {
    const res = await ctx.app.inject({ url: '/offline-sw.js' });
    const pages = listed(res.body, 'PAGES');
    expect(pages).toEqual(['/login-controleur', '/espace-controleur', '/controleur', '/read-badge', '/borne']);
    const assets = listed(offlineWorkerScript(offlineManifest(clientDir)), 'ASSETS');
    expect(assets.length).toBeGreaterThan(0);
    expect([...pages, ...assets].filter((p) => p.startsWith('/backend'))).toEqual([]);
    // The fetch handler leaves API calls to the network.
    expect(res.body).toContain("url.pathname.startsWith('/backend/')");
  });

  it('precaches every built script, the translations and the favicon, and nothing else', () => {
    const { assets } = offlineManifest(clientDir);
    expect(assets).toEqual([
      '/assets/borne-XyZ789.js',
      '/assets/entry.client-AbC123.js',
      '/assets/manifest-1234abcd.js',
      '/assets/i18n/en.json',
      '/assets/i18n/fr.json',
      '/assets/images/favicon.svg',
    ]);
    const script = offlineWorkerScript(offlineManifest(clientDir));
    expect(script).toContain('"/assets/borne-XyZ789.js"');
    expect(script).not.toContain('og-image');
  });

  it('gets a new version when a script is renamed or a translation changes, so devices update', async () => {
    const first = offlineManifest(clientDir).version;
    expect(offlineManifest(clientDir).version).toBe(first);
    await writeFile(path.join(clientDir, 'assets/i18n/en.json'), '{"a":"c"}');
    const second = offlineManifest(clientDir).version;
    expect(second).not.toBe(first);
    await rm(path.join(clientDir, 'assets/borne-XyZ789.js'));
    await writeFile(path.join(clientDir, 'assets/borne-Nw0000.js'), 'export {};');
    expect(offlineManifest(clientDir).version).not.toBe(second);
  });

  it('reads the React Router manifest version of the build', () => {
    expect(offlineManifest(clientDir).routesVersion).toBe('1234abcd');
  });

  it('lists nothing to precache when there is no build', () => {
    expect(offlineManifest(path.join(clientDir, 'missing'))).toMatchObject({ assets: [], routesVersion: '' });
    expect(OFFLINE_PAGES).toHaveLength(5);
  });
});

/**
 * The worker script run in a small stand-in for a browser's service worker scope: its events,
 * its Cache Storage and its network are plain objects the tests drive.
 */
function workerScope(script: string) {
  const origin = 'https://salon.example.com';
  const listeners = new Map<string, (event: unknown) => void>();
  const stores = new Map<string, Map<string, Response>>();
  const net = { fetch: async (_input: unknown, _init?: RequestInit): Promise<Response> => new Response('net') };
  const fetched: { url: string; init?: RequestInit }[] = [];
  const cacheOf = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (url: string, res: Response) => void store.set(url, res),
      match: async (url: string) => store.get(url)?.clone(),
    };
  };
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const self = {
    location: { origin },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const fetch = (input: string | { url: string }, init?: RequestInit) => {
    fetched.push({ url: typeof input === 'string' ? input : input.url, init });
    return net.fetch(input, init);
  };
  const quiet = { warn: () => undefined };
  const run = runInThisContext(`(function (self, caches, fetch, console) {\n${script}\n})`) as (
    ...scope: [typeof self, typeof caches, typeof fetch, typeof quiet]
  ) => void;
  run(self, caches, fetch, quiet);

  /** Fires an event; resolves once its waitUntil promises have settled. */
  async function fire(type: string, fields: object = {}) {
    const pending: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    listeners.get(type)?.({
      ...fields,
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
      respondWith: (p: Promise<Response>) => void (response = p),
    });
    await Promise.all(pending);
    return { response, settled: () => Promise.all(pending) };
  }
  /** A GET as the browser would pass it to the worker (`navigate` for a page load). */
  const request = (pathOrUrl: string, mode = 'cors', method = 'GET') => ({
    request: { url: new URL(pathOrUrl, origin).href, mode, method },
  });
  return { fire, request, net, fetched, stores, cache: cacheOf };
}

describe('the offline service worker at work', () => {
  const manifest = { version: 'v2', assets: ['/assets/app-1.js', '/assets/i18n/fr.json'], routesVersion: 'r1' };
  /** React Router's question about routes (paths sorted, as it sends them). */
  const routesQuestion = (paths: string[], version = 'r1') =>
    `/__manifest?${new URLSearchParams({ paths: paths.sort().join(','), version }).toString()}`;
  const allPages = routesQuestion([...OFFLINE_PAGES]);
  // A same-origin answer, as fetch gives it in a browser (Node's Response says 'default').
  const page = (body: string, status = 200) =>
    Object.defineProperty(new Response(body, { status }), 'type', { value: 'basic' });

  it('on install keeps the files and the five pages, fetched with the session cookie, and skips a page that fails', async () => {
    const sw = workerScope(offlineWorkerScript(manifest));
    sw.net.fetch = async (input) =>
      String(input) === '/borne' ? Promise.reject(new TypeError('offline')) : page('ok');
    await sw.fire('install');
    const kept = [...(sw.stores.get('offline-pages-v2')?.keys() ?? [])].sort();
    expect(kept).toEqual(
      [
        ...manifest.assets,
        ...OFFLINE_PAGES.filter((p) => p !== '/borne'),
        `https://salon.example.com${allPages}`,
      ].sort(),
    );
    expect(sw.fetched.find((f) => f.url === '/controleur')?.init?.credentials).toBe('same-origin');
  });

  it('on activate deletes the caches of older versions only', async () => {
    const sw = workerScope(offlineWorkerScript(manifest));
    sw.cache('offline-pages-v1');
    sw.cache('offline-pages-v2');
    sw.cache('someone-else');
    await sw.fire('activate');
    expect([...sw.stores.keys()].sort()).toEqual(['offline-pages-v2', 'someone-else']);
  });

  it('leaves the public site, API calls, other methods and other origins to the network', async () => {
    const sw = workerScope(offlineWorkerScript(manifest));
    for (const fields of [
      sw.request('/', 'navigate'),
      sw.request('/annuaire', 'navigate'),
      sw.request('/backend/api/gate/roster'),
      sw.request('/backend/api/checkins', 'cors', 'POST'),
      sw.request('/controleur', 'navigate', 'POST'),
      sw.request('https://cdn.example.net/assets/app-1.js'),
      sw.request('/assets/images/og-image.jpg', 'no-cors'),
    ]) {
      expect((await sw.fire('fetch', fields)).response, fields.request.url).toBeUndefined();
    }
  });

  it('opens a gate page from the network when online, refreshing the copy it keeps, and from that copy when offline', async () => {
    const sw = workerScope(offlineWorkerScript(manifest));
    sw.net.fetch = async () => page('fresh page');
    const online = await sw.fire('fetch', sw.request('/controleur?lang=en', 'navigate'));
    expect(await (await online.response)?.text()).toBe('fresh page');
    await online.settled();
    sw.net.fetch = async () => Promise.reject(new TypeError('Failed to fetch'));
    const offline = await sw.fire('fetch', sw.request('/controleur', 'navigate'));
    expect(await (await offline.response)?.text()).toBe('fresh page');
  });

  it('serves the kept page when the network does not answer within 3 s', async () => {
    vi.useFakeTimers();
    try {
      const sw = workerScope(offlineWorkerScript(manifest));
      await sw.cache('offline-pages-v2').put('/borne', page('kept page'));
      sw.net.fetch = () => new Promise(() => undefined);
      const slow = await sw.fire('fetch', sw.request('/borne', 'navigate'));
      let served: Response | undefined;
      void slow.response?.then((r) => (served = r));
      await vi.advanceTimersByTimeAsync(2900);
      expect(served).toBeUndefined();
      await vi.advanceTimersByTimeAsync(200);
      expect(await served?.text()).toBe('kept page');
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves the files it keeps from its cache without the network, and fetches and keeps one that is missing', async () => {
    const sw = workerScope(offlineWorkerScript(manifest));
    await sw.cache('offline-pages-v2').put('/assets/app-1.js', page('kept script'));
    sw.net.fetch = async () => page('network translations');
    const script = await sw.fire('fetch', sw.request('/assets/app-1.js'));
    expect(await (await script.response)?.text()).toBe('kept script');
    expect(sw.fetched).toEqual([]);
    const json = await sw.fire('fetch', sw.request('/assets/i18n/fr.json'));
    expect(await (await json.response)?.text()).toBe('network translations');
    await json.settled();
    expect(sw.stores.get('offline-pages-v2')?.has('/assets/i18n/fr.json')).toBe(true);
  });

  it("answers React Router's route questions about the five pages from the kept answer when offline, and no other", async () => {
    const sw = workerScope(offlineWorkerScript(manifest));
    await sw.cache('offline-pages-v2').put(`https://salon.example.com${allPages}`, page('{"routes":"all five"}'));
    sw.net.fetch = async () => Promise.reject(new TypeError('Failed to fetch'));
    const question = await sw.fire('fetch', sw.request(routesQuestion(['/controleur'])));
    expect(await (await question.response)?.text()).toBe('{"routes":"all five"}');
    expect((await sw.fire('fetch', sw.request(routesQuestion(['/annuaire', '/controleur'])))).response).toBeUndefined();
    const otherBuild = await sw.fire('fetch', sw.request(routesQuestion(['/controleur'], 'r0')));
    await expect(otherBuild.response).rejects.toThrow('Failed to fetch');
  });
});
