import { describe, expect, it } from 'vitest';
import { describeNextStampTime, nextStampAllowedAt } from './next-stamp-time';

const MINUTE = 60_000;

describe('when the next stamp is possible', () => {
  // 12:30 and 23:45 in Pakistan on Wednesday 11 March 2026.
  const midday = new Date('2026-03-11T07:30:00.000Z');
  const lateEvening = new Date('2026-03-11T18:45:00.000Z');

  it('is now without a previous stamp, without an interval, or once the interval has passed', () => {
    expect(nextStampAllowedAt(null, 60, midday)).toBeNull();
    expect(nextStampAllowedAt(midday, 0, midday)).toBeNull();
    expect(nextStampAllowedAt(new Date(midday.getTime() - 60 * MINUTE), 60, midday)).toBeNull();
    expect(nextStampAllowedAt(new Date(midday.getTime() - 59 * MINUTE), 60, midday)).toEqual(
      new Date(midday.getTime() + MINUTE),
    );
  });

  it('names the time and the minutes left when it is later the same Pakistan day', () => {
    expect(describeNextStampTime(new Date(midday.getTime() + 60 * MINUTE), midday)).toBe('at 1:30 pm (in 60 minutes)');
    expect(describeNextStampTime(new Date(midday.getTime() + 30_000), midday)).toBe('at 12:30 pm (in 1 minute)');
  });

  it('names the date when the next stamp falls after midnight in Pakistan', () => {
    expect(describeNextStampTime(new Date(lateEvening.getTime() + 60 * MINUTE), lateEvening)).toBe(
      'on 12 March at 12:45 am',
    );
  });
});
