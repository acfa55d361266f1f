import * as z from 'zod/mini';
import { CHECKIN_VERDICTS, GATE_REFUSALS } from '../gate';
import { dateTime } from './common';

/** One entry of the audit log (`GET /admin/audit-log`): who did what to which record, before and after. */
export const auditEntrySchema = z.strictObject({
  id: z.number(),
  userId: z.nullable(z.number()),
  user: z.nullable(z.string()),
  /** The route, e.g. 'DELETE /admin/kiosk-sessions/:id'. */
  action: z.string(),
  resource: z.string(),
  recordId: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: dateTime,
});

/** A controller account (`/admin/controllers`): never its password hash nor its session version. */
export const controllerRecordSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  createdAt: dateTime,
  active: z.boolean(),
});

/** A kiosk (`/admin/kiosk-sessions`, `GET kiosk/sessions`): who enabled it, when, until when. */
export const kioskRecordSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  enabledBy: z.nullable(z.string()),
  createdAt: dateTime,
  lastSeenAt: z.nullable(dateTime),
  /** The end of the show day it was enabled on: its token is refused from then on. */
  expiresAt: dateTime,
  revokedAt: z.nullable(dateTime),
});

/** A check-in at a gate (`GET /admin/checkins`), the double admissions of two gates offline flagged. */
export const checkinRecordSchema = z.strictObject({
  id: z.number(),
  registrationId: z.nullable(z.number()),
  name: z.nullable(z.string()),
  company: z.nullable(z.string()),
  gateId: z.nullable(z.number()),
  gate: z.nullable(z.string()),
  controller: z.nullable(z.string()),
  deviceId: z.string(),
  scannedAt: dateTime,
  day: z.string(),
  verdict: z.enum(CHECKIN_VERDICTS),
  reason: z.nullable(z.enum(GATE_REFUSALS)),
  reentry: z.boolean(),
  conflict: z.boolean(),
});

/** A chart's share: a label (null: not given) and its count; past the top ones, 'Autres'. */
const share = z.array(z.strictObject({ label: z.nullable(z.string()), value: z.number() }));

/** `GET /admin/dashboard`: an edition's figures, counted once for every screen that asks at once. */
export const dashboardSchema = z.strictObject({
  totals: z.strictObject({
    visitors: z.number(),
    exhibitorsConfirmed: z.number(),
    exhibitorsPending: z.number(),
    exhibitorsDeactivated: z.number(),
    collaborators: z.number(),
    scans: z.number(),
    entries: z.number(),
    mailsWaiting: z.number(),
    mailsFailed: z.number(),
    newsletterConfirmed: z.number(),
  }),
  registrationsPerDay: z.array(z.strictObject({ day: z.string(), daily: z.number(), cumulative: z.number() })),
  visitorsBySector: share,
  visitorsByCountry: share,
  scansPerDay: z.array(z.strictObject({ day: z.string(), scans: z.number() })),
  topExhibitors: z.array(z.strictObject({ id: z.number(), company: z.nullable(z.string()), scans: z.number() })),
  entriesPerDay: z.array(z.strictObject({ day: z.string(), entries: z.number() })),
  /** Each hour's entries: `hour`, `total`, and one count per gate name. */
  entriesPerHour: z.array(z.catchall(z.object({ hour: z.number(), total: z.number() }), z.number())),
  gates: z.array(z.string()),
  peakHour: z.nullable(z.strictObject({ hour: z.number(), entries: z.number() })),
});
