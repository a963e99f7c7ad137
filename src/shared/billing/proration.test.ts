import { describe, expect, it } from 'vitest';
import { pakistanInstant } from '@shared/pakistan-time';
import { planFor } from './plans';
import { unusedCredit, upgradeQuote, type PaidPeriod } from './proration';

/** Standard, paid on 29 November 2026 at 10:00 Pakistan time, for the month to 29 December. */
const standardMonth: PaidPeriod = { planId: 'standard', price: 5000, end: pakistanInstant('2026-12-29', 10) };
const premium = planFor('premium');

describe('the credit for the unused part of a paid month', () => {
  it('credits the whole price on the day of payment: nothing of it was used', () => {
    const now = pakistanInstant('2026-11-29', 18);
    expect(unusedCredit(standardMonth, now)).toEqual({
      planId: 'standard',
      amount: 5000,
      unusedDays: 30,
      periodDays: 30,
    });
    const quote = upgradeQuote(premium, standardMonth, now);
    expect(quote).toMatchObject({ planId: 'premium', price: 10000, total: 5000 });
    expect(quote.periodEnd.toISOString()).toBe(pakistanInstant('2026-12-29', 18).toISOString());
  });

  it('counts Pakistan calendar days and rounds down to the rupee', () => {
    // 29 of 30 days: 5000 × 29 ÷ 30 = 4833.33…, credited as 4833.
    expect(unusedCredit(standardMonth, pakistanInstant('2026-11-30', 0))?.amount).toBe(4833);
    // 7 of 30 days: 1166.66… becomes 1166; the charge is the difference.
    const now = pakistanInstant('2026-12-22', 23);
    expect(unusedCredit(standardMonth, now)).toMatchObject({ amount: 1166, unusedDays: 7 });
    expect(upgradeQuote(premium, standardMonth, now).total).toBe(10000 - 1166);
    // A month of 31 days divides by 31: 12 of 31 days of 5000 is 1935.48…
    const december: PaidPeriod = { ...standardMonth, end: pakistanInstant('2027-01-29', 10) };
    expect(unusedCredit(december, pakistanInstant('2027-01-17', 12))).toMatchObject({
      amount: 1935,
      unusedDays: 12,
      periodDays: 31,
    });
  });

  it('credits nothing on the last day of the month, or once it has ended', () => {
    expect(unusedCredit(standardMonth, pakistanInstant('2026-12-29', 9))).toBeNull();
    expect(unusedCredit(standardMonth, pakistanInstant('2026-12-30', 9))).toBeNull();
    // The day before the last leaves one day: 5000 ÷ 30 = 166.66…
    expect(unusedCredit(standardMonth, pakistanInstant('2026-12-28', 23))?.amount).toBe(166);
    expect(upgradeQuote(premium, standardMonth, pakistanInstant('2026-12-29', 9))).toMatchObject({
      credit: null,
      total: 10000,
    });
  });

  it('has nothing to credit without a paid month (Starter is free) or for the same plan', () => {
    const now = pakistanInstant('2026-11-29', 18);
    expect(upgradeQuote(premium, null, now)).toMatchObject({ credit: null, total: 10000 });
    expect(upgradeQuote(planFor('standard'), standardMonth, now)).toMatchObject({ credit: null, total: 5000 });
    expect(unusedCredit({ ...standardMonth, price: 0 }, now)).toBeNull();
  });

  it('never charges less than nothing', () => {
    const enterpriseMonth: PaidPeriod = { planId: 'enterprise', price: 20000, end: standardMonth.end };
    expect(upgradeQuote(premium, enterpriseMonth, pakistanInstant('2026-11-29', 18))).toMatchObject({
      credit: { amount: 10000 },
      total: 0,
    });
  });
});
