import { describe, expect, it } from 'vitest';
import { localCacheBus, sharedCache } from './cache-bus';

/** A value the test hands over when it chooses: a query still running. */
function pending<V>() {
  let resolve!: (value: V) => void;
  const promise = new Promise<V>((r) => (resolve = r));
  return { promise, resolve };
}

describe('a cache shared through the bus', () => {
  it('keeps what it loaded and gives it back without loading again', async () => {
    const cache = sharedCache<string>(localCacheBus(), 'test', 60_000);
    let loads = 0;
    const compute = async () => `answer ${++loads}`;
    expect(await cache.load('a', compute)).toBe('answer 1');
    expect(await cache.load('a', compute)).toBe('answer 1');
    expect(cache.get('a')).toBe('answer 1');
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load began before its key was forgotten, but still answers with it', async () => {
    const cache = sharedCache<string>(localCacheBus(), 'test', 60_000);
    const query = pending<string>();
    const loading = cache.load('a', () => query.promise);
    cache.delete('a');
    query.resolve('read before the change');
    expect(await loading).toBe('read before the change');
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.load('a', async () => 'read after the change')).toBe('read after the change');
    expect(cache.get('a')).toBe('read after the change');
  });

  it('makes every load under way stale when everything is forgotten, and only that key’s when one is', async () => {
    const bus = localCacheBus();
    const cache = sharedCache<string>(bus, 'test', 60_000);
    const other = sharedCache<string>(bus, 'other', 60_000);
    const a = pending<string>();
    const b = pending<string>();
    const c = pending<string>();
    const loads = [
      cache.load('a', () => a.promise),
      cache.load('b', () => b.promise),
      other.load('a', () => c.promise),
    ];
    cache.delete('b');
    a.resolve('a');
    b.resolve('b');
    c.resolve('c');
    await Promise.all(loads);
    expect([cache.get('a'), cache.get('b'), other.get('a')]).toEqual(['a', undefined, 'c']);

    const d = pending<string>();
    const e = pending<string>();
    const again = [cache.load('d', () => d.promise), cache.load('e', () => e.promise)];
    cache.clear();
    d.resolve('d');
    e.resolve('e');
    await Promise.all(again);
    expect([cache.get('a'), cache.get('d'), cache.get('e')]).toEqual([undefined, undefined, undefined]);
  });

  it('keeps the value of a load that began after the key was forgotten, though an older one is still running', async () => {
    const cache = sharedCache<string>(localCacheBus(), 'test', 60_000);
    const older = pending<string>();
    const first = cache.load('a', () => older.promise);
    cache.delete('a');
    expect(await cache.load('a', async () => 'new')).toBe('new');
    older.resolve('old');
    expect(await first).toBe('old');
    expect(cache.get('a')).toBe('new');
  });

  it('keeps nothing when the load fails, and lets the failure through', async () => {
    const cache = sharedCache<string>(localCacheBus(), 'test', 60_000);
    await expect(cache.load('a', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(cache.get('a')).toBeUndefined();
  });
});
