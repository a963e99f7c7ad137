import { describe, expect, it } from 'vitest';
import { TestClock } from '@server/test/test-clock';
import { createShareImageCache, etagOf, shareImageKey, SHARE_IMAGE_BUSY_MESSAGE } from './share-image-cache';

function drawer() {
  const drawn: string[] = [];
  return { drawn, draw: (name: string) => async () => (drawn.push(name), Buffer.from(name)) };
}

describe('the share image cache', () => {
  it('keys a picture by everything it shows', () => {
    expect(shareImageKey('vendor', { name: 'A' })).toBe(shareImageKey('vendor', { name: 'A' }));
    expect(shareImageKey('vendor', { name: 'A' })).not.toBe(shareImageKey('vendor', { name: 'B' }));
    expect(shareImageKey('vendor', { name: 'A' })).not.toBe(shareImageKey('card', { name: 'A' }));
    expect(etagOf('abc')).toBe('"abc"');
  });

  it('draws each picture once, even for askers at the same moment, and forgets the oldest first', async () => {
    const clock = new TestClock();
    const cache = createShareImageCache({ now: () => clock.now(), maxEntries: 2 });
    const { drawn, draw } = drawer();
    const [one, again] = await Promise.all([cache.get('a', draw('a')), cache.get('a', draw('a'))]);
    expect([one.png.toString(), again.png.toString(), drawn]).toEqual(['a', 'a', ['a']]);
    await cache.get('b', draw('b'));
    await cache.get('a', draw('a')); // a is now the most recent
    await cache.get('c', draw('c')); // b goes
    expect([cache.peek('a') !== null, cache.peek('b'), cache.peek('c') !== null]).toEqual([true, null, true]);
    expect(drawn).toEqual(['a', 'b', 'c']);
  });

  it('draws a bounded number of new pictures a minute, and answers busy past it', async () => {
    const clock = new TestClock();
    const cache = createShareImageCache({ now: () => clock.now(), rendersPerMinute: 2 });
    const { drawn, draw } = drawer();
    await cache.get('a', draw('a'));
    await cache.get('b', draw('b'));
    await expect(cache.get('c', draw('c'))).rejects.toMatchObject({ status: 503, message: SHARE_IMAGE_BUSY_MESSAGE });
    // Cached pictures are still served.
    expect((await cache.get('a', draw('a'))).png.toString()).toBe('a');
    clock.advance(60_000);
    await cache.get('c', draw('c'));
    expect(drawn).toEqual(['a', 'b', 'c']);
  });

  it('draws one at a time with a short queue, and a failed drawing is not kept', async () => {
    const clock = new TestClock();
    const cache = createShareImageCache({ now: () => clock.now(), maxWaiting: 2 });
    let running = 0;
    let most = 0;
    const slow = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (name === 'bad') throw new Error('broken');
      return Buffer.from(name);
    };
    const first = cache.get('bad', slow('bad'));
    const second = cache.get('b', slow('b'));
    await expect(cache.get('c', slow('c'))).rejects.toMatchObject({ status: 503 });
    await expect(first).rejects.toThrow('broken');
    expect((await second).png.toString()).toBe('b');
    expect(most).toBe(1);
    expect(cache.peek('bad')).toBeNull();
  });
});
