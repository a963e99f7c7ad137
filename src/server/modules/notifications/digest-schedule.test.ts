import { describe, expect, it } from 'vitest';
import { nextDigestAt } from './digest-schedule';

// Pakistan Standard Time is UTC+5 all year: 09:00 in Karachi is 04:00 UTC.
describe('nextDigestAt', () => {
  it.each([
    ['earlier the same Karachi day', '2025-03-11T02:00:00.000Z', '2025-03-11T04:00:00.000Z'],
    ['one millisecond before the hour', '2025-03-11T03:59:59.999Z', '2025-03-11T04:00:00.000Z'],
    ['exactly at the hour (that digest is being sent)', '2025-03-11T04:00:00.000Z', '2025-03-12T04:00:00.000Z'],
    ['later the same Karachi day', '2025-03-11T10:00:00.000Z', '2025-03-12T04:00:00.000Z'],
    ['after midnight in Karachi but before midnight UTC', '2025-03-11T20:30:00.000Z', '2025-03-12T04:00:00.000Z'],
    ['across the end of a month', '2025-03-31T12:00:00.000Z', '2025-04-01T04:00:00.000Z'],
  ])('daily: %s', (_label, now, expected) => {
    expect(nextDigestAt(new Date(now), 'daily', 9).toISOString()).toBe(expected);
  });

  it.each([
    ['on a Tuesday: the next Monday', '2025-03-11T02:00:00.000Z', '2025-03-17T04:00:00.000Z'],
    ['on a Monday before the hour: the same day', '2025-03-17T03:00:00.000Z', '2025-03-17T04:00:00.000Z'],
    ['on a Monday after the hour: a week later', '2025-03-17T05:00:00.000Z', '2025-03-24T04:00:00.000Z'],
    ['late Sunday UTC, already Monday in Karachi', '2025-03-16T20:00:00.000Z', '2025-03-17T04:00:00.000Z'],
  ])('weekly: %s', (_label, now, expected) => {
    expect(nextDigestAt(new Date(now), 'weekly', 9).toISOString()).toBe(expected);
  });

  it('follows the configured hour, including midnight', () => {
    expect(nextDigestAt(new Date('2025-03-11T02:00:00.000Z'), 'daily', 18).toISOString()).toBe(
      '2025-03-11T13:00:00.000Z',
    );
    expect(nextDigestAt(new Date('2025-03-11T02:00:00.000Z'), 'daily', 0).toISOString()).toBe(
      '2025-03-11T19:00:00.000Z',
    );
  });
});
