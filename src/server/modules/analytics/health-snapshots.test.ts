import { describe, expect, it } from 'vitest';
import { sumBranchDays, sumDayLists, type CustomerDayLists } from './health-snapshots';

const totals = (n: number): CustomerDayLists['totals'] => ({
  customers: n,
  repeat_customers: n,
  visits: n,
  returning_visits: n,
  billed: n,
  bill: n,
  customer_months: n,
});

describe('adding the settled days to the recent ones', () => {
  it('adds every total, and each gap, week and cohort month by its key', () => {
    const settled: CustomerDayLists = {
      totals: totals(10),
      gaps: [
        { value: 1, count: 4 },
        { value: 7, count: 2 },
      ],
      weeks: [
        { week: '2026-03-23', new_customers: 3, returning_customers: 1 },
        { week: '2026-03-30', new_customers: 1, returning_customers: 2 },
      ],
      months: [{ cohort: '2026-03-01', month: '2026-03-01', customers: 5, visits: 9 }],
    };
    const recent: CustomerDayLists = {
      totals: totals(2),
      gaps: [
        { value: 7, count: 1 },
        { value: 2, count: 1 },
      ],
      weeks: [{ week: '2026-03-30', new_customers: 1, returning_customers: 1 }],
      months: [
        { cohort: '2026-03-01', month: '2026-03-01', customers: 1, visits: 1 },
        { cohort: '2026-04-01', month: '2026-04-01', customers: 1, visits: 2 },
      ],
    };
    expect(sumDayLists(settled, recent)).toEqual({
      totals: totals(12),
      gaps: [
        { value: 1, count: 4 },
        { value: 7, count: 3 },
        { value: 2, count: 1 },
      ],
      weeks: [
        { week: '2026-03-23', new_customers: 3, returning_customers: 1 },
        { week: '2026-03-30', new_customers: 2, returning_customers: 3 },
      ],
      months: [
        { cohort: '2026-03-01', month: '2026-03-01', customers: 6, visits: 10 },
        { cohort: '2026-04-01', month: '2026-04-01', customers: 1, visits: 2 },
      ],
    });
  });

  it('adds the branches one by one, keeping a branch only one side has', () => {
    const branch = (id: string, n: number, gaps: Array<{ value: number; count: number }>) => ({
      branch_id: id,
      customers: n,
      repeat_customers: n,
      visits: n,
      customer_months: n,
      gaps,
    });
    expect(
      sumBranchDays(
        [branch('a', 3, [{ value: 2, count: 1 }]), branch('b', 1, [])],
        [branch('a', 1, [{ value: 2, count: 2 }]), branch('c', 2, [{ value: 1, count: 1 }])],
      ),
    ).toEqual([branch('a', 4, [{ value: 2, count: 3 }]), branch('b', 1, []), branch('c', 2, [{ value: 1, count: 1 }])]);
  });
});
