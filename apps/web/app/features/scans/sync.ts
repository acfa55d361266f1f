import { postScans, SCAN_BATCH_MAX, scanSubmissionSchema, type ScanSubmission } from '@salon/shared';
import { ApiError, api } from '../../lib/api-client';
import {
  dropAnswers,
  dropScans,
  putScan,
  queueAvailable,
  removeAnswered,
  waitingScans,
  type QueuedScan,
} from './queue';
import type { ScanResult } from './types';

/** A server answer with the scan it answered, until a screen takes it. */
export interface Answered {
  result: ScanResult;
  scan: QueuedScan;
}

const answers = new Map<string, Answered>();
/** Scans whose answer the scanner page is waiting for: not to be shown as a notice. */
const awaited = new Set<string>();
const listeners = new Set<() => void>();

/** Called when answers came back, whoever started the send. */
export function onAnswers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function toSubmission({ id, badge, scannedAt, note, rating, answers, tags }: QueuedScan): ScanSubmission {
  // Absent keys keep what the server has; present ones (even null) replace it. The answers and
  // tags travel with the scan they qualify, sent once with it.
  return {
    id,
    badge,
    scannedAt,
    ...(note !== undefined && { note }),
    ...(rating !== undefined && { rating }),
    ...(answers !== undefined && { answers }),
    ...(tags !== undefined && { tags }),
  };
}

async function sendScans(scans: QueuedScan[]): Promise<ScanResult[]> {
  const { data } = await api(postScans, { body: { scans: scans.map(toSubmission) } });
  return data;
}

/**
 * The answers a refused batch named, by scan id (the indexes of its answers as sent): a question
 * the exhibitor changed or took away while the scan waited on the device. Null when the refusal
 * names no answer of the batch.
 */
function refusedAnswers(error: unknown, batch: QueuedScan[]): Map<string, Set<number>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const refused = new Map<string, Set<number>>();
  for (const { path } of error.body?.error?.details?.errors ?? []) {
    // The indexes arrive as the path's text: ['body', 'scans', '0', 'answers', '1', 'choices', '0'].
    const [where, list, i, field, j] = path.map(String);
    if (where !== 'body' || list !== 'scans' || field !== 'answers') continue;
    const scan = batch[Number(i)];
    const answer = Number(j);
    if (scan?.answers?.[answer]) refused.set(scan.id, (refused.get(scan.id) ?? new Set()).add(answer));
  }
  return refused.size ? refused : null;
}

/** Returns how many scans the server answered for. */
async function sendWaiting(userId: number): Promise<number> {
  if (!queueAvailable()) return 0;
  let answered = 0;
  for (;;) {
    const waiting = await waitingScans(userId);
    if (waiting.length === 0) return answered;
    // No fetch that is sure to fail: the scan is kept at once.
    if (!navigator.onLine) throw new ApiError(0, 'network');
    // A record the server would refuse as a whole (a 400) would block every scan after it.
    const valid = waiting.filter((s) => scanSubmissionSchema.safeParse(toSubmission(s)).success);
    await dropScans(waiting.filter((s) => !valid.includes(s)).map((s) => s.id));
    const batch = valid.slice(0, SCAN_BATCH_MAX);
    if (batch.length === 0) return answered;
    let results: ScanResult[];
    try {
      results = await sendScans(batch);
    } catch (error) {
      // An answer that no longer fits its question would refuse the batch at every send, and
      // every scan after it: the scans go again without it (it can be given again from 'Mes
      // scans'), with their note, rating, tags and other answers.
      const refused = refusedAnswers(error, batch);
      if (!refused) throw error;
      await dropAnswers(batch, refused);
      continue;
    }
    const sent = batch.filter((s) => results.some((r) => r.id === s.id));
    for (const scan of sent) answers.set(scan.id, { scan, result: results.find((r) => r.id === scan.id)! });
    await removeAnswered(sent);
    answered += sent.length;
    for (const listener of listeners) listener();
    if (batch.length < SCAN_BATCH_MAX || sent.length === 0) return answered;
  }
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Sends the signed-in user's waiting scans, oldest first, in batches; other users' scans stay
 * on the device. One send at a time: two at once would send the same scans twice.
 * Fails with ApiError status 0 when the network is down (the scans stay).
 */
export function syncQueue(userId: number): Promise<number> {
  const run = chain.then(() => sendWaiting(userId));
  chain = run.catch(() => undefined);
  return run;
}

/**
 * One scan from the scanner page: kept on the device first, so that nothing is lost if the
 * page closes, then sent. Returns the server's answer, or null when the scan stays on the
 * device (no network, server unavailable) to go later.
 */
export async function sendScan(scan: QueuedScan): Promise<ScanResult | null> {
  if (!queueAvailable()) {
    // No IndexedDB: sent directly; a network failure is the caller's to show.
    return (await sendScans([scan]))[0] ?? null;
  }
  awaited.add(scan.id);
  try {
    await putScan(scan);
    await syncQueue(scan.userId).catch((error: unknown) => {
      // Only a refusal of the caller itself stops here; anything else is tried again later.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw error;
    });
    const answer = answers.get(scan.id);
    answers.delete(scan.id);
    return answer?.result ?? null;
  } finally {
    awaited.delete(scan.id);
  }
}

/**
 * The answers for scans that were kept on the device, each returned once (a sync started
 * elsewhere, the 'Mes scans' tab, leaves them here for the scanner page).
 */
export function takeAnswers(): Answered[] {
  const taken: Answered[] = [];
  for (const [id, answer] of answers) {
    if (awaited.has(id)) continue;
    answers.delete(id);
    taken.push(answer);
  }
  return taken;
}
