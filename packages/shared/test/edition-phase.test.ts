import { describe, expect, it } from 'vitest';
import { registrationState } from '../src/edition-phase';

const SHOW = { startsOn: '2024-05-29', endsOn: '2024-06-01', registrationOpensAt: null, registrationClosesAt: null };
const at = (iso: string) => new Date(iso);

describe('where an edition stands, and whether it takes registrations', () => {
  it('is open from the start until its last day is over, in the show’s time zone', () => {
    expect(registrationState(SHOW, at('2024-01-10T10:00:00+01:00'))).toEqual({
      phase: 'before',
      open: true,
      opensAt: null,
    });
    expect(registrationState(SHOW, at('2024-05-29T08:00:00+01:00'))).toEqual({
      phase: 'during',
      open: true,
      opensAt: null,
    });
    // 23:30 in Casablanca on the last day is still the show's day; 00:30 the next is not.
    expect(registrationState(SHOW, at('2024-06-01T23:30:00+01:00'))).toEqual({
      phase: 'during',
      open: true,
      opensAt: null,
    });
    expect(registrationState(SHOW, at('2024-06-02T00:30:00+01:00'))).toEqual({
      phase: 'after',
      open: false,
      opensAt: null,
    });
  });

  it('follows the organiser’s opening and closing when they are set', () => {
    const window = {
      ...SHOW,
      registrationOpensAt: '2024-03-01T09:00:00.000Z',
      registrationClosesAt: '2024-05-28T18:00:00.000Z',
    };
    expect(registrationState(window, at('2024-02-28T10:00:00Z'))).toEqual({
      phase: 'before',
      open: false,
      opensAt: '2024-03-01T09:00:00.000Z',
    });
    expect(registrationState(window, at('2024-03-01T09:00:00Z')).open).toBe(true);
    expect(registrationState(window, at('2024-05-28T17:59:59Z')).open).toBe(true);
    expect(registrationState(window, at('2024-05-28T18:00:00Z'))).toEqual({
      phase: 'before',
      open: false,
      opensAt: null,
    });
    // Kept open after the show, if the organiser says so.
    expect(
      registrationState({ ...SHOW, registrationClosesAt: '2024-07-01T00:00:00Z' }, at('2024-06-10T10:00:00Z')),
    ).toEqual({
      phase: 'after',
      open: true,
      opensAt: null,
    });
  });
});
