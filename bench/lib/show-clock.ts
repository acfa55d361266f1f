/**
 * The clock each bench measures on, from the demo edition's own data (the seed's dates and opening
 * hours): the app refuses a registration once the show's last day is over, and a gate admits only
 * on a show day within its hours, so a bench run on today's clock long after the demo edition
 * measures refusals. A server started with `clockEnv(at)` has APP_NOW at `at` (its clock runs on
 * from there); `benchClock(at)` is the same clock in the bench, for the times it sends.
 *
 * - BEFORE_DOORS: the day before the first show day, at its opening hour: registrations open
 *   (the default window stays open until the last day is over), no gate open yet.
 * - DOORS_OPEN: the first show day at its opening hour, the opening morning: registrations still
 *   open, visitors admitted at the gates, badges scanned at the stands.
 * - SHOW_DAY: the second show day at noon, a day in full swing (gates, scans, the dashboard).
 * - LAST_CLOSING: the last show day at its closing hour: every scan made, the exhibitors' lists.
 */
import { createClock, showDay, showInstant } from '@salon/shared';
import { CURRENT_EVENT, OPENING_HOURS } from '../../apps/api/src/db/seed/content/editions';

const DAY_MS = 24 * 3600 * 1000;
const first = OPENING_HOURS[0]!;
const second = OPENING_HOURS[1] ?? first;
const last = OPENING_HOURS.at(-1)!;

/** The demo edition's dates and hours, as seeded. */
export const DEMO_SHOW = {
  edition: CURRENT_EVENT.edition,
  year: CURRENT_EVENT.year,
  city: CURRENT_EVENT.city,
  startsOn: CURRENT_EVENT.startsOn,
  endsOn: CURRENT_EVENT.endsOn,
  hours: OPENING_HOURS,
};

/** The hours as a badge and a gate read them. */
export const BADGE_HOURS = OPENING_HOURS.map((h) => ({ day: h.day, opens: h.opensAt, closes: h.closesAt }));

const doors = showInstant(first.day, first.opensAt);
export const BEFORE_DOORS = new Date(doors.getTime() - DAY_MS).toISOString();
export const DOORS_OPEN = doors.toISOString();
export const SHOW_DAY = showInstant(second.day, '12:00').toISOString();
export const LAST_CLOSING = showInstant(last.day, last.closesAt).toISOString();

/** The server's variables for a clock starting at `at`. */
export const clockEnv = (at: string): { APP_NOW: string } => ({ APP_NOW: at });

/** The same clock in the bench: starts at `at` now and runs on. */
export const benchClock = (at: string): (() => Date) => createClock(at);

/** 'APP_NOW 2024-05-28T08:00:00.000Z (28 May, Casablanca)' for a bench's heading. */
export const describeClock = (at: string): string => `APP_NOW ${at} (${showDay(at)} in Casablanca)`;

if (showDay(BEFORE_DOORS) >= DEMO_SHOW.startsOn || showDay(SHOW_DAY) > DEMO_SHOW.endsOn)
  throw new Error('bench/lib/show-clock.ts: the demo edition’s dates do not give a clock before and during it');
