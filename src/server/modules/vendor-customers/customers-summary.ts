import { sql } from 'drizzle-orm';
import { ACTIVE_CUSTOMER_DAYS, type CustomersSummary } from '@shared/vendor-customers';
import type { Executor } from '@server/db/client';
import { bucketKeys } from '@server/lib/pakistan-calendar';
import { startOfPakistanMonth, startOfPakistanWeek } from '@shared/pakistan-time';
import { rows } from '@server/modules/vendor-analytics/sql-rows';

export const ACQUISITION_WEEKS = 12;

/** The four tiles, the Most Active list and new customers per week. */
export async function getCustomersSummary(db: Executor, vendorId: string, now: Date): Promise<CustomersSummary> {
  const monthStart = startOfPakistanMonth(now);
  const activeSince = new Date(now.getTime() - ACTIVE_CUSTOMER_DAYS * 86_400_000);
  // Whole weeks from Monday, this one included: exactly ACQUISITION_WEEKS bars on any weekday.
  const acquisitionFrom = new Date(startOfPakistanWeek(now).getTime() - (ACQUISITION_WEEKS - 1) * 7 * 86_400_000);

  const [tiles] = await rows<{ total: number; active: number; new_this_month: number; completed: number }>(
    db,
    sql`with customer as (
          select uc.user_id, min(uc.created_at) as joined_at, greatest(max(uc.last_stamp_at), max(uc.created_at)) as last_activity_at
          from user_cards uc join loyalty_cards c on c.id = uc.card_id
          where c.vendor_id = ${vendorId} group by uc.user_id
        )
        select count(*)::int as total,
               count(*) filter (where last_activity_at >= ${activeSince})::int as active,
               count(*) filter (where joined_at >= ${monthStart})::int as new_this_month,
               (select count(distinct r.user_id)::int from rewards r where r.vendor_id = ${vendorId}) as completed
        from customer`,
  );

  const mostActive = await rows<{ user_id: string; name: string; surname: string; stamps: number }>(
    db,
    // Counted per customer first (an index-only scan); names are read only for those who can be
    // in the top five, i.e. with at least as many stamps as the fifth.
    sql`with counts as (
          select s.user_id, count(*)::int as stamps from stamps s
          where s.vendor_id = ${vendorId} and s.issued_at >= ${activeSince} group by s.user_id
        ), fifth as (
          select stamps from counts order by stamps desc offset 4 limit 1
        )
        select c.user_id, u.name, u.surname, c.stamps
        from counts c join users u on u.id = c.user_id
        where c.stamps >= coalesce((select stamps from fifth), 0)
        order by c.stamps desc, u.name limit 5`,
  );

  const weekly = await rows<{ week: string; count: number }>(
    db,
    sql`with firsts as (
          select uc.user_id, min(uc.created_at) as first_at
          from user_cards uc join loyalty_cards c on c.id = uc.card_id
          where c.vendor_id = ${vendorId} group by uc.user_id
        )
        select to_char(date_trunc('week', first_at at time zone 'Asia/Karachi'), 'YYYY-MM-DD') as week, count(*)::int as count
        from firsts where first_at >= ${acquisitionFrom} group by 1`,
  );
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
