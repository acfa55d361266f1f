import {
  CHECKIN_BATCH_MAX,
  checkinSubmissionSchema,
  getGateRoster,
  postCheckins,
  type Call,
  type CallAnswer,
  type CallInput,
  type CheckinSubmission,
} from '@salon/shared';
import { ApiError, api } from '../../lib/api-client';
import { clearControllerSession, getControllerSession, renewControllerToken } from './session';
import {
  applyRoster,
  dropCheckins,
  forgetRoster,
  readMeta,
  removeAnswered,
  storeAvailable,
  waitingCheckins,
  type QueuedCheckin,
} from './store';

/** A call with the controller's token; the exhibitor's session ('auth') is never sent nor touched. */
async function controllerCall<C extends Call>(c: C, input: CallInput<C>): Promise<CallAnswer<C>> {
  const session = getControllerSession();
  // No fetch that is sure to fail: what waits stays on the device.
  if (!session || !navigator.onLine) throw new ApiError(0, 'network');
  try {
    return await api(c, input, {
      auth: false,
      token: session.jwt,
      onRenewedToken: renewControllerToken,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The pages follow the session: they go to the controller's sign-in, then come back.
      void signOutController(true);
    }
    throw error;
  }
}

/**
 * Fetches the roster: the whole of it the first time, then what changed since the last one.
 * The device also takes the server's clock from it.
 */
async function refreshRoster(): Promise<void> {
  if (!storeAvailable()) return;
  const meta = await readMeta();
  let { data } = await controllerCall(getGateRoster, { query: meta ? { since: meta.cursor } : {} });
  // Another edition was made current since: its roster replaces the last one's whole.
  if (meta && !data.full && data.eventId !== meta.eventId) {
    ({ data } = await controllerCall(getGateRoster, { query: {} }));
  }
  await applyRoster(data, Date.parse(data.now) - Date.now());
}

const toSubmission = ({ controllerId: _controllerId, ...checkin }: QueuedCheckin): CheckinSubmission => checkin;

/** Sends the signed-in controller's check-ins in batches; returns how many the server answered for. */
async function sendWaiting(controllerId: number): Promise<number> {
  let answered = 0;
  for (;;) {
    const waiting = (await waitingCheckins()).filter((c) => c.controllerId === controllerId);
    // A record the server would refuse as a whole (a 400) would block every check-in after it.
    const valid = waiting.filter((c) => checkinSubmissionSchema.safeParse(toSubmission(c)).success);
    await dropCheckins(waiting.filter((c) => !valid.includes(c)).map((c) => c.id));
    const batch = valid.slice(0, CHECKIN_BATCH_MAX);
    if (batch.length === 0) return answered;
    const { data } = await controllerCall(postCheckins, { body: { checkins: batch.map(toSubmission) } });
    // Only what the server answered for leaves the device; the rest goes again next time.
    const sent = batch.filter((c) => data.some((r) => r.id === c.id));
    await removeAnswered(sent, data);
    answered += sent.length;
    if (batch.length < CHECKIN_BATCH_MAX || sent.length === 0) return answered;
  }
}

let chain: Promise<unknown> = Promise.resolve();

/** One sync at a time: two at once would send the same check-ins twice. */
function serial(task: () => Promise<void>): Promise<void> {
  const run = chain.then(task);
  chain = run.catch(() => undefined);
  return run;
}

/**
 * Sends the check-ins waiting on the device (right after a check, and every 10 s while some
 * wait). Fails with ApiError status 0 when the network is down: they stay on the device.
 */
export function sendCheckins(): Promise<void> {
  return serial(async () => {
    const session = getControllerSession();
    if (session && storeAvailable()) await sendWaiting(session.user.id);
  });
}

/**
 * Signs the controller out of this device and forgets the roster, after any sync under way:
 * one finishing later would write the roster back. `expiredByApi` as in clearControllerSession.
 */
export function signOutController(expiredByApi = false): Promise<void> {
  clearControllerSession(expiredByApi);
  return serial(forgetRoster);
}

/** Sends what waits, then fetches what changed in the roster (on open, every minute, on 'online'). */
export function syncGate(): Promise<void> {
  return serial(async () => {
    const session = getControllerSession();
    if (!session || !storeAvailable()) return;
    await sendWaiting(session.user.id);
    await refreshRoster();
  });
}
