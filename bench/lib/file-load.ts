/**
 * Load on the stored uploads (N1 of security-replays/replay-2.ts), shared by bench/files.ts and that replay:
 * a timer of the other requests, an upload as the demo organiser, and the process that downloads.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, get } from 'node:http';
import path from 'node:path';
import { XSRF_HEADER } from '@salon/shared';
import type { Download, DownloadOrder } from '../file-downloads';

/**
 * GET /backend/api/sib one call after another on one kept-alive connection, until stopped; from
 * `localAddress` (one of 127.0.0.0/8) and `pauseMs` apart when given, so that a server on its
 * default limits (600 API calls a minute per address) keeps answering the timer.
 */
export function probe(
  base: string,
  { localAddress, pauseMs = 0 }: { localAddress?: string; pauseMs?: number } = {},
): { stop(): Promise<number[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let running = true;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      get(`${base}/backend/api/sib`, { agent, localAddress }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET sib: HTTP ${res.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      }).on('error', reject);
    });
  const loop = (async () => {
    while (running) {
      await once();
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return latencies;
    },
  };
}

/** The demo organiser's token, signed in as the back-office does (XSRF cookie and header). */
async function signIn(base: string): Promise<{ jwt: string; cookie: string; xsrf: string }> {
  const cookie = (await fetch(`${base}/backend/api/health`)).headers.get('set-cookie')!.split(';')[0]!;
  const xsrf = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const res = await fetch(`${base}/backend/api/auth/organiser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, [XSRF_HEADER]: xsrf },
    body: JSON.stringify({ identifier: 'organisateur@example.com', password: 'Organise2024!' }),
  });
  if (!res.ok) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  return { jwt: ((await res.json()) as { jwt: string }).jwt, cookie, xsrf };
}

/** Uploads a PDF of `bytes` bytes (random, behind a PDF header) to the media library as the demo organiser; its URL. */
export async function uploadPdf(base: string, bytes: number): Promise<string> {
  const { jwt, cookie, xsrf } = await signIn(base);
  const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 16), Buffer.from('\n%%EOF\n')]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), 'catalogue-bench.pdf');
  const res = await fetch(`${base}/backend/api/admin/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, cookie, [XSRF_HEADER]: xsrf },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/**
 * The downloader's process, started and ready (tsx loaded): `run` sends it the order and answers
 * its results.
 */
export async function downloader(): Promise<{ run(order: DownloadOrder): Promise<Download[]> }> {
  const child = fork(path.join(import.meta.dirname, '..', 'file-downloads.ts'), [], { execArgv: ['--import', 'tsx'] });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the downloader exited with ${code} before answering`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message);
      });
    });
  if ((await next()) !== 'ready') throw new Error('the downloader did not say ready');
  return {
    run(order) {
      const answer = next();
      child.send(order);
      return answer as Promise<Download[]>;
    },
  };
}
