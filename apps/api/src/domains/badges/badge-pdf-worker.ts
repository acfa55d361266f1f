/**
 * The thread that draws badge PDFs for pdf-pool.ts: pdfkit works synchronously, about 3 ms a
 * badge, which the API's thread then spends answering requests and sending the mails instead.
 * Messages in: { id, data: BadgeData }; out: { id, pdf: Uint8Array } or { id, error: string }.
 */
import { parentPort } from 'node:worker_threads';
import { renderBadgePdf, type BadgeData } from './badge-pdf';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread of pdf-pool.ts');

port.on('message', ({ id, data }: { id: number; data: BadgeData }) => {
  renderBadgePdf(data).then(
    // Copied to the other thread (15 to 25 KB): a Buffer may share its memory with others.
    (pdf) => port.postMessage({ id, pdf }),
    (err: unknown) => port.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
