import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACTIVE_CUSTOMER_DAYS, type CustomersSummary } from '@shared/customers/vendor-customers';
import type { Executor } from '@server/db/client';
import { users, vendorCustomers, vendorTotals } from '@server/db/schema';
import { vendorCustomerCount } from './customer-queries';
import { bucketKeys } from '@server/lib/pakistan-calendar';
import { startOfPakistanMonth, startOfPakistanWeek } from '@shared/pakistan-time';
import { readLists, type RowsOf } from '@server/db/sql-rows';
import { customersAtTopSince } from '@server/modules/analytics/analytics-queries';

export const ACQUISITION_WEEKS = 12;
/** The Most Active list's length. */
const MOST_ACTIVE = 5;

// The short names these reads give their tables, taken from the schema (ARCHITECTURE.md, Conventions).
const u = alias(users, 'u');
const vc = alias(vendorCustomers, 'vc');
const vt = alias(vendorTotals, 'vt');

/** The four tiles, the Most Active list and new customers per week. */
export async function getCustomersSummary(db: Executor, vendorId: string, now: Date): Promise<CustomersSummary> {
  const monthStart = startOfPakistanMonth(now);
  const activeSince = new Date(now.getTime() - ACTIVE_CUSTOMER_DAYS * 86_400_000);
  // Whole weeks from Monday, this one included: exactly ACQUISITION_WEEKS bars on any weekday.
  const acquisitionFrom = new Date(startOfPakistanWeek(now).getTime() - (ACQUISITION_WEEKS - 1) * 7 * 86_400_000);

  const tilesQuery: RowsOf<{ total: number; active: number; new_this_month: number; completed: number }> =
    // Counts of vendor_customers (decision 051): customers hold a card of the vendor; completers
    // are everyone with a reward of its cards, as they always were (a customer's last reward time
    // is set exactly when they have one). Those two of all time are kept in vendor_totals
    // (decision 067); the active and the new are index-only range scans.
    sql`select
          ${vendorCustomerCount(vendorId)} as total,
          (select count(*)::int from ${vendorCustomers} as ${vc}
            where ${vc.vendorId} = ${vendorId} and ${vc.cards} > 0 and ${vc.lastActivityAt} >= ${activeSince}) as active,
          (select count(*)::int from ${vendorCustomers} as ${vc}
            where ${vc.vendorId} = ${vendorId} and ${vc.cards} > 0 and ${vc.joinedAt} >= ${monthStart}) as new_this_month,
          (select coalesce(sum(${vt.completers}), 0)::int from ${vendorTotals} as ${vt} where ${vt.vendorId} = ${vendorId}) as completed`;

  const mostActiveQuery: RowsOf<{ user_id: string; name: string; surname: string; stamps: number }> =
    // Names are read only for those who can be in the top five (decision 056), i.e. with at least
    // as many stamps as the fifth, one index lookup each (the `offset 0` keeps PostgreSQL from
    // joining every candidate to users by a hash).
    sql`with counts as materialized (
          ${customersAtTopSince(vendorId, activeSince, MOST_ACTIVE)}
        ), fifth as (
          select stamps from counts order by stamps desc offset ${MOST_ACTIVE - 1} limit 1
        )
        select c.user_id, named.name, named.surname, c.stamps
        from counts c cross join lateral (
          select ${u.name}, ${u.surname} from ${users} as ${u} where ${u.id} = c.user_id offset 0
        ) as named
        where c.stamps >= coalesce((select stamps from fifth), 0)
        order by c.stamps desc, named.name limit ${MOST_ACTIVE}`;

  const weeklyQuery: RowsOf<{ week: string; count: number }> =
    // Grouped by the week's first day (pakistan_bucket, plain arithmetic once inlined), formatted
    // once per week: converting every customer's time through the time zone database cost more.
    sql`select to_char(week, 'YYYY-MM-DD') as week, count::int from (
          select pakistan_bucket('week', ${vc.joinedAt}) as week, count(*) as count
          from ${vendorCustomers} as ${vc}
          where ${vc.vendorId} = ${vendorId} and ${vc.cards} > 0 and ${vc.joinedAt} >= ${acquisitionFrom} group by 1
        ) as weeks`;

  // One statement (decision 068).
  const lists = await readLists(db, { tiles: tilesQuery, mostActive: mostActiveQuery, weekly: weeklyQuery });
  const [tiles] = lists.tiles;
  const { mostActive, weekly } = lists;
  const byWeek = new Map(weekly.map((row) => [row.week, Number(row.count)]));

  return {
    tiles: {
      totalCustomers: Number(tiles?.total ?? 0),
      activeCustomers: Number(tiles?.active ?? 0),
      completedCustomers: Number(tiles?.completed ?? 0),
      newThisMonth: Number(tiles?.new_this_month ?? 0),
    },
    mostActive: mostActive.map((row) => ({
      userId: row.user_id,
      name: `${row.name} ${row.surname}`.trim(),
      stamps: Number(row.stamps),
    })),
    acquisition: bucketKeys(acquisitionFrom, now, 'week').map((week) => ({
      week,
      newCustomers: byWeek.get(week) ?? 0,
    })),
  };
}
