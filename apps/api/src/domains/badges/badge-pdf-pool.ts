/**
 * Badge PDFs drawn in a worker thread (badge-pdf-worker.ts), so that the mail worker's badges do not
 * take the API thread's time: at 500 registrations a second the PDF was half of each mail's cost
 * there. One thread is enough on the 2 cores we run on; it starts with the first badge, holds the
 * process open only while a badge is being drawn, and `close` ends it for good.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BadgeData } from './badge-pdf';

const require = createRequire(import.meta.url);

export interface BadgePdfPool {
  render(data: BadgeData): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Built, this module is part of dist/server.js and the worker is dist/badge-pdf-worker.js
 * (scripts/build.mjs), plain JavaScript. Under tsx or Vitest it is src/domains/badges/badge-pdf-pool.ts
 * and the worker, TypeScript beside it, is loaded through tsx's loader registered in the thread
 * (Node 20 does not pass `--import tsx` on to a worker's module loader).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./badge-pdf-worker.js', import.meta.url));
  const tsx = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const file = new URL('./badge-pdf-worker.ts', import.meta.url);
  const boot = `import(${JSON.stringify(tsx.href)}).then((t) => { t.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true, execArgv: [] });
}

export function createBadgePdfPool(): BadgePdfPool {
  let worker: Worker | undefined;
  let closed = false;
  let lastId = 0;
  const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (err: Error) => void }>();

  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = undefined;
  };

  const start = (): Worker => {
    const w = startWorker();
    w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (pending.size === 0) w.unref();
      if (m.pdf) p.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else p.reject(new Error(`badge PDF: ${m.error ?? 'no answer'}`));
    });
    // A thread that failed is replaced at the next badge; the badges it held fail (the mail
    // worker tries their mails again later).
    w.on('error', (err) => {
      if (worker === w) fail(err);
    });
    w.on('exit', (code) => {
      if (worker === w) fail(new Error(`the badge PDF thread stopped (exit code ${code})`));
    });
    return w;
  };

  return {
    render(data) {
      if (closed) return Promise.reject(new Error('the badge PDF thread was closed'));
      worker ??= start();
      const w = worker;
      if (pending.size === 0) w.ref();
      const id = ++lastId;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, data });
      });
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      if (!w) return;
      await w.terminate();
      fail(new Error('the badge PDF thread was closed'));
    },
  };
}
