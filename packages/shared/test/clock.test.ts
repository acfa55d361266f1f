import { describe, expect, it } from 'vitest';
import { createClock, formatDate, formatDateTime, formatTime, showDay } from '../src';

describe('the product clock', () => {
  it('starts at APP_NOW and runs on', () => {
    const now = createClock('2024-05-29T09:00:00+01:00');
    const t = now().getTime();
    expect(t).toBeGreaterThanOrEqual(Date.parse('2024-05-29T08:00:00Z'));
    expect(t).toBeLessThan(Date.parse('2024-05-29T08:00:05Z'));
  });
  it('follows the real time without APP_NOW', () => {
    expect(Math.abs(createClock()().getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('dates in the show time zone', () => {
  it('prints a date the French way, as the specification does', () => {
    expect(formatDate('2024-05-29T10:00:00Z', 'fr')).toBe('29 mai 2024');
    expect(formatDate('2024-06-01T10:00:00Z', 'en')).toBe('1 June 2024');
  });
  it('prints times and scan dates in Casablanca time', () => {
    expect(formatTime('2024-05-29T08:05:00Z')).toBe('09:05');
    expect(formatDateTime('2024-05-31T17:45:00Z')).toBe('31/05/2024 18:45');
  });
});

describe('showDay', () => {
  it('gives the calendar day in Marrakech, which is not the UTC day late in the evening', () => {
    expect(showDay('2024-05-29T22:30:00Z')).toBe('2024-05-29');
    expect(showDay('2024-05-29T23:30:00Z')).toBe('2024-05-30');
    expect(showDay(new Date('2024-06-01T08:00:00+01:00'))).toBe('2024-06-01');
  });
});
