import { describe, expect, it } from 'vitest';
import {
  averageSpend,
  cohortTable,
  costPerExtraVisit,
  healthFigures,
  medianOfHistogram,
  monthBillsSchema,
  monthlyReturningRevenue,
  monthsBetween,
  percentOf,
  returningVisitsPerMonth,
  visitsPerCustomerMonth,
} from './programme-health';

describe('programme health statistics', () => {
  it('takes the median of a histogram, the middle two averaged for an even count', () => {
    expect(medianOfHistogram([])).toBeNull();
    expect(medianOfHistogram([{ value: 7, count: 1 }])).toBe(7);
    // 1, 1, 1, 4, 30: the third.
    expect(
      medianOfHistogram([
        { value: 30, count: 1 },
        { value: 1, count: 3 },
        { value: 4, count: 1 },
      ]),
    ).toBe(1);
    // 2, 2, 9, 9: (2 + 9) / 2.
    expect(
      medianOfHistogram([
        { value: 9, count: 2 },
        { value: 2, count: 2 },
      ]),
    ).toBe(5.5);
    expect(medianOfHistogram([{ value: 3, count: 0 }])).toBeNull();
  });

  it('gives shares with one decimal and visits per customer-month with two', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 0)).toBe(0);
    expect(visitsPerCustomerMonth(10, 3)).toBe(3.33);
    expect(visitsPerCustomerMonth(4, 0)).toBe(0);
  });

  it('puts one scope’s counts together', () => {
    expect(
      healthFigures({
        customers: 4,
        repeatCustomers: 1,
        visits: 9,
        customerMonths: 6,
        gaps: [
          { value: 3, count: 2 },
          { value: 10, count: 1 },
        ],
      }),
    ).toEqual({
      customers: 4,
      repeatCustomers: 1,
      repeatRate: 25,
      visits: 9,
      visitsPerCustomerMonth: 1.5,
      medianDaysBetweenVisits: 3,
    });
  });

  it('lays out cohorts from their month joined, leaving out months nobody joined', () => {
    expect(monthsBetween('2025-11-01', '2026-02-01')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    const table = cohortTable(
      [
        { cohort: '2026-01-01', month: '2026-01-01', customers: 4 },
        { cohort: '2026-01-01', month: '2026-02-01', customers: 1 },
        { cohort: '2026-01-01', month: '2026-03-01', customers: 3 },
        { cohort: '2026-03-01', month: '2026-03-01', customers: 2 },
      ],
      '2026-01-01',
      '2026-03-01',
    );
    expect(table).toEqual([
      { month: '2026-01-01', customers: 4, shares: [100, 25, 75] },
      { month: '2026-03-01', customers: 2, shares: [100] },
    ]);
  });

  it('prices the extra visits and the returning customers’ month', () => {
    expect(costPerExtraVisit(900, 6)).toBe(150);
    expect(costPerExtraVisit(900, 0)).toBeNull();
    expect(averageSpend(4, 3000, 500)).toEqual({ averageSpendRupees: 750, averageSpendSource: 'bills' });
    expect(averageSpend(0, 0, 500)).toEqual({ averageSpendRupees: 500, averageSpendSource: 'entered' });
    expect(averageSpend(0, 0, null)).toEqual({ averageSpendRupees: null, averageSpendSource: null });
    // 21 returning visits in 7 days: 90 a month.
    expect(returningVisitsPerMonth(21, 7)).toBe(90);
    expect(monthlyReturningRevenue(90, 400)).toBe(36_000);
    expect(monthlyReturningRevenue(90, null)).toBeNull();
  });

  it('refuses a month that is not one and bills that are not a count', () => {
    expect(monthBillsSchema.safeParse({ month: '2026-11', totalBills: 1200 }).success).toBe(true);
    for (const bad of [
      { month: '2026-11-01', totalBills: 1200 },
      { month: '2026-00', totalBills: 1200 },
      { month: '2026-11', totalBills: 0 },
      { month: '2026-11', totalBills: -4 },
      { month: '2026-11', totalBills: 1.5 },
      { month: '2026-11', totalBills: 10_000_001 },
    ]) {
      expect(monthBillsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
