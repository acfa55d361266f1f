import { describe, expect, it } from 'vitest';
import {
  dayHoursText,
  dayText,
  hoursText,
  hourText,
  numberText,
  ordinalText,
  rangeParts,
  weekdayText,
} from '../src/day-format';

describe('information pages: formats', () => {
  it('prints days as the specification does, with "1er" for the first of a month in French', () => {
    expect(dayText('2024-05-29', 'fr')).toBe('29 mai 2024');
    expect(dayText('2024-06-01', 'fr')).toBe('1er juin 2024');
    expect(dayText('2024-05-29', 'en')).toBe('29 May 2024');
    expect(dayText('2024-06-01', 'en')).toBe('1 June 2024');
    expect(weekdayText('2024-05-29', 'fr')).toBe('Mercredi');
    expect(weekdayText('2024-06-01', 'en')).toBe('Saturday');
  });

  it('shortens the start of a date range that shares its month or year', () => {
    expect(rangeParts('2003-11-19', '2003-11-22', 'fr')).toEqual({ start: '19', end: '22 novembre 2003' });
    expect(rangeParts('2024-05-29', '2024-06-01', 'fr')).toEqual({ start: '29 mai', end: '1er juin 2024' });
    expect(rangeParts('2024-05-29', '2024-06-01', 'en')).toEqual({ start: '29 May', end: '1 June 2024' });
    expect(rangeParts('2024-12-30', '2025-01-02', 'fr')).toEqual({ start: '30 décembre 2024', end: '2 janvier 2025' });
  });

  it('writes opening hours as "9h00-19h00" in French and "9:00–19:00" in English, from HH:MM or HH:MM:SS', () => {
    expect(hourText('09:00', 'fr')).toBe('9h00');
    expect(hourText('19:30:00', 'fr')).toBe('19h30');
    expect(hoursText('09:00', '18:00', 'fr')).toBe('9h00-18h00');
    expect(hourText('19:30:00', 'en')).toBe('19:30');
    expect(hoursText('09:00', '18:00', 'en')).toBe('9:00–18:00');
    expect(dayHoursText('2024-05-29', '09:00', '19:00', 'fr')).toBe('29 mai 2024 : 9h00-19h00');
    expect(dayHoursText('2024-05-29', '09:00', '19:00', 'en')).toBe('29 May 2024: 9:00–19:00');
  });

  it('groups thousands with a space in French and a comma in English', () => {
    expect(numberText(25000, 'fr')).toBe('25 000');
    expect(numberText(100000, 'fr')).toBe('100 000');
    expect(numberText(238, 'fr')).toBe('238');
    expect(numberText(39000, 'en')).toBe('39,000');
  });

  it('writes edition ordinals in each language', () => {
    expect([1, 2, 6].map((n) => ordinalText(n, 'fr'))).toEqual(['1re', '2e', '6e']);
    expect([1, 2, 3, 4, 11, 21].map((n) => ordinalText(n, 'en'))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '21st']);
  });
});
