/**
 * The downloads of bench/files.ts, in a process of their own, so that reading a gigabyte does not
 * stall the bench's own timing of the other requests. It says 'ready', then on a message
 * `{ url, addresses }` it starts
 * one GET of `url` from each address at once (one connection each: addresses of 127.0.0.0/8 are
 * all this machine's), reads every body to its end, and answers each one's status, bytes and
 * milliseconds over the IPC channel of `fork`, then exits.
 */
import { get } from 'node:http';

export interface DownloadOrder {
  url: string;
  /** Source address of each download: one per simulated visitor. */
  addresses: string[];
}

export interface Download {
  status: number;
  bytes: number;
  ms: number;
  error?: string;
}

function download(url: string, localAddress: string): Promise<Download> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = get(url, { localAddress, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      res.on('error', (err) => resolve({ status: 0, bytes, ms: performance.now() - started, error: err.message }));
    });
    request.setTimeout(120_000, () => request.destroy(new Error('no answer within 120 s')));
    request.on('error', (err) => resolve({ status: 0, bytes: 0, ms: performance.now() - started, error: err.message }));
  });
}

process.once('message', (order: DownloadOrder) => {
  void Promise.all(order.addresses.map((address) => download(order.url, address))).then((results) => {
    process.send!(results, () => process.exit(0));
  });
});
process.send!('ready');
