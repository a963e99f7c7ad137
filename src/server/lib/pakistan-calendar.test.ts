import { describe, expect, it } from 'vitest';
import { bucketKeyOf, bucketKeys, rangeStart } from './pakistan-calendar';

describe('Pakistan calendar', () => {
  it('counts today as a whole day of the range', () => {
    const now = new Date('2026-03-10T07:00:00Z');
    expect(rangeStart('7d', now).toISOString()).toBe('2026-03-03T19:00:00.000Z');
    expect(bucketKeys(rangeStart('7d', now), now, 'day')).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
  });

  it('groups weeks from Monday and months from the first', () => {
    expect(bucketKeyOf('2026-03-08', 'week')).toBe('2026-03-02');
    expect(bucketKeyOf('2026-03-09', 'week')).toBe('2026-03-09');
    expect(bucketKeyOf('2026-03-31', 'month')).toBe('2026-03-01');
    const now = new Date('2026-03-10T07:00:00Z');
    expect(bucketKeys(rangeStart('1y', now), now, 'month')).toHaveLength(13);
  });
});
