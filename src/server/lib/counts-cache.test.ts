import { describe, expect, it } from 'vitest';
import { createCountsCache } from '@server/lib/counts-cache';

describe('createCountsCache', () => {
  it('shares one load per key until the time to live has passed', async () => {
    let time = 1_000;
    const cache = createCountsCache(30_000, () => time);
    let loads = 0;
    const load = async () => ++loads;

    const [first, second] = await Promise.all([cache.get('stats', load), cache.get('stats', load)]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
    time += 29_999;
    expect(await cache.get('stats', load)).toBe(1);
    time += 1;
    expect(await cache.get('stats', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('does not remember a failed load', async () => {
    const cache = createCountsCache(30_000, () => 0);
    await expect(cache.get('stats', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('stats', async () => 7)).toBe(7);
  });
});
