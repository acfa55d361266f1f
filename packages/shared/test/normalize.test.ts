import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizePhone } from '../src';

describe('normalizeEmail', () => {
  it('trims and lower-cases an address', () => {
    expect(normalizeEmail('  Exposant@Example.COM ')).toBe('exposant@example.com');
  });
});

describe('normalizePhone', () => {
  it('reads national, international and 00-prefixed Moroccan numbers as the same number', () => {
    expect(normalizePhone('06 12 34 56 78')).toBe('212612345678');
    expect(normalizePhone('+212 6 12 34 56 78')).toBe('212612345678');
    expect(normalizePhone('00212612345678')).toBe('212612345678');
  });
  it('keeps other countries as they are written internationally', () => {
    expect(normalizePhone('+33 1 23 45 67 89')).toBe('33123456789');
  });
});
