import { describe, expect, it } from 'vitest';
import { startOfPakistanMonth } from '@shared/pakistan-time';
import { cardLimitMessage, monthlyStampLimitMessage } from '@server/modules/billing/plan-limits-for-vendor';
import { inTextLanguage } from '@server/lib/texts';
import { describeNextStampTime } from './next-stamp-time';

describe('the stamp month (Asia/Karachi)', () => {
  it('starts on the 1st at 00:00 Pakistan time, which is 19:00 UTC the day before', () => {
    // 00:30 on 1 April in Karachi is already April.
    expect(startOfPakistanMonth(new Date('2026-03-31T19:30:00Z')).toISOString()).toBe('2026-03-31T19:00:00.000Z');
    // 23:59:59 on 31 March in Karachi is still March.
    expect(startOfPakistanMonth(new Date('2026-03-31T18:59:59Z')).toISOString()).toBe('2026-02-28T19:00:00.000Z');
    expect(startOfPakistanMonth(new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2025-12-31T19:00:00.000Z');
  });

  it('words the limit as SPEC.md does, counted in both languages', () => {
    expect(monthlyStampLimitMessage(500)).toBe('Monthly stamp limit reached. Maximum 500 stamps per month.');
    expect(monthlyStampLimitMessage(1)).toBe('Monthly stamp limit reached. Maximum 1 stamp per month.');
    expect(cardLimitMessage(1)).toBe('Plan limit reached. Maximum 1 card allowed.');
    expect(cardLimitMessage(5)).toBe('Plan limit reached. Maximum 5 cards allowed.');
    expect(inTextLanguage('ur', () => cardLimitMessage(1))).toBe(
      'پلان کی حد پوری ہو گئی۔ زیادہ سے زیادہ 1 کارڈ کی اجازت ہے۔',
    );
    expect(inTextLanguage('ur', () => cardLimitMessage(5))).toBe(
      'پلان کی حد پوری ہو گئی۔ زیادہ سے زیادہ 5 کارڈز کی اجازت ہے۔',
    );
  });
});

describe('the next possible stamp', () => {
  const now = new Date('2026-05-01T10:00:00Z'); // 15:00 in Karachi
  it('names the time and the wait on the same day', () => {
    expect(describeNextStampTime(new Date('2026-05-01T10:42:00Z'), now)).toBe('at 3:42 pm (in 42 minutes)');
    expect(describeNextStampTime(new Date('2026-05-01T10:00:30Z'), now)).toBe('at 3:00 pm (in 1 minute)');
  });
  it('names the date when it is another day in Pakistan', () => {
    expect(describeNextStampTime(new Date('2026-05-01T20:00:00Z'), now)).toBe('on 2 May at 1:00 am');
  });
});
