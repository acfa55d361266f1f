/**
 * bench:peak's checks once the morning is over: the outbox drained (and, when mails still wait,
 * longer, to tell late from lost), then every acknowledged registration, scan and check-in stored
 * once and every acknowledged registration's badge mail received.
 */
import type pg from 'pg';
import { checkClientIds, checkRegistrations, mailsAfterDrain, type MailRecorder } from '../cluster-driver';
import type { Morning } from './morning';
import { DRAIN_SECONDS, LATE_SECONDS } from './settings';

export async function verify(db: pg.Pool, m: Morning, mail: MailRecorder) {
  console.info(`Waiting for the outbox to drain (${DRAIN_SECONDS} s at most)…`);
  const mails = await mailsAfterDrain(db, mail, m.acked, DRAIN_SECONDS);
  let late: typeof mails | null = null;
  if (mails.queued > 0) {
    console.info(`${mails.queued} mails still queued: waiting on (${LATE_SECONDS} s at most) to tell late from lost…`);
    late = await mailsAfterDrain(db, mail, m.acked, LATE_SECONDS);
  }
  return {
    mails,
    late,
    registrations: await checkRegistrations(db, m.acked),
    scans: await checkClientIds(db, 'scans', m.scans.acked),
    checkins: await checkClientIds(db, 'checkins', m.checkins.acked),
  };
}

export type Checks = Awaited<ReturnType<typeof verify>>;
