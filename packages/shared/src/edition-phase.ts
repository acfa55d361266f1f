import { showDay } from './clock';

/** Before the show's first day, during its days, after its last one (in the show's time zone). */
export type EditionPhase = 'before' | 'during' | 'after';

/** What decides whether the online registration is open: the edition's days and the organiser's window. */
export interface RegistrationWindow {
  /** YYYY-MM-DD */
  startsOn: string;
  /** YYYY-MM-DD */
  endsOn: string;
  /** ISO 8601; null: open from the start. */
  registrationOpensAt: string | null;
  /** ISO 8601; null: open until the show's last day is over. */
  registrationClosesAt: string | null;
}

export interface RegistrationState {
  phase: EditionPhase;
  /** Visitors may register, exhibitors send an enquiry, the kiosk make badges. */
  open: boolean;
  /** When it opens, while it has not yet (ISO 8601), else null. */
  opensAt: string | null;
}

/** Where the edition stands at `now`, and whether its registration is open. */
export function registrationState(window: RegistrationWindow, now: Date): RegistrationState {
  const today = showDay(now);
  const phase: EditionPhase = today < window.startsOn ? 'before' : today > window.endsOn ? 'after' : 'during';
  const opens = window.registrationOpensAt ? new Date(window.registrationOpensAt) : null;
  const notYet = opens !== null && now < opens;
  const closed = window.registrationClosesAt ? now >= new Date(window.registrationClosesAt) : phase === 'after';
  return { phase, open: !notYet && !closed, opensAt: notYet ? opens.toISOString() : null };
}
