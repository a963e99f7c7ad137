import { describe, expect, it } from 'vitest';
import { startOfPakistanMonth } from '@shared/pakistan-time';
import { monthlyStampLimitMessage } from './check-monthly-stamp-limit';
import { describeNextStampTime } from './next-stamp-time';

describe('the stamp month (Asia/Karachi)', () => {
  it('starts on the 1st at 00:00 Pakistan time, which is 19:00 UTC the day before', () => {
    // 00:30 on 1 April in Karachi is already April.
    expect(startOfPakistanMonth(new Date('2026-03-31T19:30:00Z')).toISOString()).toBe('2026-03-31T19:00:00.000Z');
    // 23:59:59 on 31 March in Karachi is still March.
    expect(startOfPakistanMonth(new Date('2026-03-31T18:59:59Z')).toISOString()).toBe('2026-02-28T19:00:00.000Z');
    expect(startOfPakistanMonth(new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2025-12-31T19:00:00.000Z');
  });

  it('words the limit as SPEC.md does', () => {
    expect(monthlyStampLimitMessage(500)).toBe('Monthly stamp limit reached. Maximum 500 stamps per month.');
  });
});

describe('the next possible stamp', () => {
  const now = new Date('2026-05-01T10:00:00Z'); // 15:00 in Karachi
  it('names the time and the wait on the same day', () => {
    expect(describeNextStampTime(new Date('2026-05-01T10:42:00Z'), now)).toBe('at 3:42 PM (in 42 minutes)');
    expect(describeNextStampTime(new Date('2026-05-01T10:00:30Z'), now)).toBe('at 3:00 PM (in 1 minute)');
  });
  it('names the date when it is another day in Pakistan', () => {
    expect(describeNextStampTime(new Date('2026-05-01T20:00:00Z'), now)).toBe('on 2 May at 1:00 AM');
  });
});
