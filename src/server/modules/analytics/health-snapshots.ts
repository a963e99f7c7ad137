import { sql } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { healthSnapshots, visitHistoryChanges } from '@server/db/schema';
import type { RowsOf } from '@server/db/sql-rows';

/**
 * Programme health of the settled days, kept (decision 091). A range's figures are sums over
 * customer days, so those of the days before today are computed once and kept, and each read adds
 * today's, read live. A kept snapshot is good while its key (the days it covers and the parts it
 * holds) is the reader's and the vendor's visit_history_changes before today number the same: a
 * past day's visits change only with such a row (migration 0075).
 */
export interface SettledHealth {
  days: CustomerDayLists;
  branches: BranchDays[] | null;
}

/**
 * How long after midnight a snapshot of the days before is first kept: a stamp issued just before
 * midnight may still be committing, and its trigger added no change (it was issued on its day).
 */
export const SETTLE_MS = 60_000;

export interface SnapshotKey {
  vendorId: string;
  scope: string;
  range: string;
  key: string;
}

/** The kept snapshot of a key, whatever days it covers (the reader compares). */
export function keptSnapshotQuery(at: SnapshotKey): RowsOf<{ key: string; changes: number; figures: SettledHealth }> {
  const h = healthSnapshots;
  return sql`select ${h.key} as key, ${h.changes} as changes, ${h.figures} as figures from ${h}
    where ${h.vendorId} = ${at.vendorId} and ${h.scope} = ${at.scope} and ${h.range} = ${at.range}`;
}

/** The vendor's changes to the visits of days before `before`: read in the statement that counts those days. */
export function changesBeforeQuery(vendorId: string, before: string): RowsOf<{ count: number }> {
  const c = visitHistoryChanges;
  return sql`select count(*)::int as count from ${c} where ${c.vendorId} = ${vendorId} and ${c.day} < ${before}::date`;
}

/** Keeps a snapshot; a later one computed from older rows is found stale by its count and computed again. */
export async function keepSnapshot(db: Executor, at: SnapshotKey, changes: number, figures: SettledHealth) {
  await db
    .insert(healthSnapshots)
    .values({ ...at, changes, figures })
    .onConflictDoUpdate({
      target: [healthSnapshots.vendorId, healthSnapshots.scope, healthSnapshots.range],
      set: { key: at.key, changes, figures },
    });
}

type Gaps = Array<{ value: number; count: number }>;

/** One branch's customer days, counted (programme-health.ts, branchesQuery). */
export interface BranchDays {
  branch_id: string;
  customers: number;
  repeat_customers: number;
  visits: number;
  customer_months: number;
  gaps: Gaps;
}

/** The customer days of a range, counted (programme-health.ts, customerDayQuery). */
export interface CustomerDayLists {
  totals: {
    customers: number;
    repeat_customers: number;
    visits: number;
    returning_visits: number;
    billed: number;
    bill: number;
    customer_months: number;
  };
  gaps: Gaps;
  weeks: Array<{ week: string; new_customers: number; returning_customers: number }>;
  months: Array<{ cohort: string; month: string; customers: number; visits: number }>;
}

/** Rows with the same key added into one, in the order their keys first appear. */
function sumBy<T>(rows: T[], keyOf: (row: T) => string | number, add: (seen: T, row: T) => T): T[] {
  const byKey = new Map<string | number, T>();
  for (const row of rows) {
    const seen = byKey.get(keyOf(row));
    byKey.set(keyOf(row), seen ? add(seen, row) : row);
  }
  return [...byKey.values()];
}

const sumGaps = (a: Gaps, b: Gaps): Gaps =>
  sumBy(
    [...a, ...b],
    (row) => row.value,
    (seen, row) => ({ value: row.value, count: seen.count + row.count }),
  );

/** Adds the figures of two disjoint sets of customer days. */
export function sumDayLists(a: CustomerDayLists, b: CustomerDayLists): CustomerDayLists {
  const totals = { ...a.totals };
  for (const name of Object.keys(totals) as Array<keyof typeof totals>)
    totals[name] = Number(totals[name]) + Number(b.totals[name]);
  return {
    totals,
    gaps: sumGaps(a.gaps, b.gaps),
    weeks: sumBy(
      [...a.weeks, ...b.weeks],
      (row) => row.week,
      (seen, row) => ({
        week: row.week,
        new_customers: seen.new_customers + row.new_customers,
        returning_customers: seen.returning_customers + row.returning_customers,
      }),
    ).sort((x, y) => x.week.localeCompare(y.week)),
    months: sumBy(
      [...a.months, ...b.months],
      (row) => `${row.cohort}|${row.month}`,
      (seen, row) => ({ ...row, customers: seen.customers + row.customers, visits: seen.visits + row.visits }),
    ),
  };
}

/** Adds two branch lists of disjoint customer days, branch by branch. */
export function sumBranchDays(a: BranchDays[], b: BranchDays[]): BranchDays[] {
  return sumBy(
    [...a, ...b],
    (row) => row.branch_id,
    (seen, row) => ({
      branch_id: row.branch_id,
      customers: seen.customers + row.customers,
      repeat_customers: seen.repeat_customers + row.repeat_customers,
      visits: seen.visits + row.visits,
      customer_months: seen.customer_months + row.customer_months,
      gaps: sumGaps(seen.gaps, row.gaps),
    }),
  );
}
