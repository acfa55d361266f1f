import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/lib/ttl-cache';

describe('TtlCache', () => {
  it('gives back a value until its time is up, then forgets it', () => {
    let now = 1000;
    const cache = new TtlCache<string>(500, 10, () => now);
    cache.set('a', 'one');
    now = 1499;
    expect(cache.get('a')).toBe('one');
    now = 1500;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new TtlCache<number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('keeps nothing with a time of 0, and nothing after clear()', () => {
    const off = new TtlCache<number>(0);
    off.set('a', 1);
    expect(off.get('a')).toBeUndefined();
    const cache = new TtlCache<number>(60_000);
    cache.set('a', 1);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });
});
