import { describe, expect, it } from 'vitest';
import { bucketKeyOf, bucketKeys, pakistanDateKey, rangeStart, startOfPakistanDay, startOfPakistanMonth, startOfPakistanWeek } from './pakistan-calendar';

describe('Pakistan calendar', () => {
  it('puts 20:00 UTC on the next Pakistan day', () => {
    expect(pakistanDateKey(new Date('2026-03-01T18:59:00Z'))).toBe('2026-03-01');
    expect(pakistanDateKey(new Date('2026-03-01T19:00:00Z'))).toBe('2026-03-02');
    expect(startOfPakistanDay(new Date('2026-03-01T20:00:00Z')).toISOString()).toBe('2026-03-01T19:00:00.000Z');
    expect(startOfPakistanMonth(new Date('2026-02-28T19:30:00Z')).toISOString()).toBe('2026-02-28T19:00:00.000Z');
  });

  it('starts the week on Monday 00:00 Pakistan time, whatever the day', () => {
    // Monday 2026-03-16 00:00 PKT is 2026-03-15 19:00 UTC.
    for (const instant of ['2026-03-15T19:00:00Z', '2026-03-18T12:00:00Z', '2026-03-22T18:59:59Z']) {
      expect(startOfPakistanWeek(new Date(instant)).toISOString()).toBe('2026-03-15T19:00:00.000Z');
    }
    expect(startOfPakistanWeek(new Date('2026-03-15T18:59:59Z')).toISOString()).toBe('2026-03-08T19:00:00.000Z');
  });

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
