import type pg from 'pg';
import { DEFAULT_PLAN_ID, PLANS, planFor } from '../../src/shared/billing/plans';

export interface ConsistencyReport {
  /** User cards whose stamps_collected, status or last_stamp_at disagree with their stamps and rewards. */
  userCardMismatches: number;
  /** Vendor months with more stamps than the plan in force allows. */
  monthsOverLimit: number;
  /** Consecutive stamps of one user card closer than the card's interval. */
  stampsTooClose: number;
  /** Stamps or user cards older than their customer's account or their card. */
  outOfOrder: number;
  /** Vendors without their main branch, or whose main branch is not their address and pin (decision 084). */
  mainBranchMismatches: number;
  largestVendors: Array<{ name: string; stamps: number; plan: string }>;
}

/** The monthly stamp limit each vendor's plan gives, as planLimitsForVendor applies it. */
function monthlyLimitSql(): string {
  const starter = planFor(DEFAULT_PLAN_ID).limits.maxStampsPerMonth;
  const own = PLANS.map((plan) => `when '${plan.id}' then ${plan.limits.maxStampsPerMonth}`).join(' ');
  return `case when v.subscription_status in ('active', 'past_due') then (case v.subscription_plan ${own} else ${starter} end) else ${starter} end`;
}

/**
 * Checks that the generated rows say what the app itself would have written: a user card's count
 * equals its stamps less the completed cycles, the monthly plan limits held, the card intervals
 * held, nothing happened before the account or the card existed. Any number above zero is a
 * generator bug.
 */
export async function checkConsistency(client: pg.Client): Promise<ConsistencyReport> {
  const userCards = await client.query<{ mismatches: number }>(`
    with s as (select user_card_id, count(*)::int as n, max(issued_at) as last_at from stamps group by user_card_id),
         r as (select user_card_id, count(*)::int as n, count(*) filter (where status = 'earned')::int as earned from rewards group by user_card_id)
    select count(*) filter (where
             coalesce(s.n, 0) <> coalesce(r.n, 0) * c.stamps_required + case when uc.status = 'active' then uc.stamps_collected else 0 end
             or uc.last_stamp_at is distinct from s.last_at
             or (uc.status = 'completed') <> (coalesce(r.earned, 0) = 1)
             or coalesce(r.earned, 0) > 1
             or (uc.status = 'completed' and uc.stamps_collected <> c.stamps_required))::int as mismatches
      from user_cards uc
      join loyalty_cards c on c.id = uc.card_id
      left join s on s.user_card_id = uc.id
      left join r on r.user_card_id = uc.id`);
  const months = await client.query<{ over: number }>(`
    with m as (
      select vendor_id, date_trunc('month', issued_at at time zone 'Asia/Karachi') as month, count(*)::int as n
        from stamps group by vendor_id, month)
    select count(*)::int as over
      from m join vendors v on v.id = m.vendor_id
     where ${monthlyLimitSql()} <> -1 and m.n > ${monthlyLimitSql()}`);
  const intervals = await client.query<{ close: number }>(`
    select count(*)::int as close from (
      select s.issued_at - lag(s.issued_at) over (partition by s.user_card_id order by s.issued_at) as gap, c.min_stamp_interval_minutes as minutes
        from stamps s join loyalty_cards c on c.id = s.card_id) gaps
     where gap < make_interval(mins => minutes)`);
  const order = await client.query<{ count: number }>(`
    select ((select count(*) from stamps s join users u on u.id = s.user_id where s.issued_at < u.created_at)
          + (select count(*) from stamps s join loyalty_cards c on c.id = s.card_id where s.issued_at < c.created_at)
          + (select count(*) from user_cards uc join users u on u.id = uc.user_id where uc.created_at < u.created_at))::int as count`);
  const mainBranches = await client.query<{ count: number }>(`
    select count(*)::int as count from vendors v
      left join branches b on b.vendor_id = v.id and b.is_main
     where b.id is null or (b.address, b.city, b.area, b.latitude, b.longitude) is distinct from (v.address, v.city, v.area, v.latitude, v.longitude)`);
  const largest = await client.query<{ name: string; stamps: number; plan: string }>(`
    select v.business_name as name, count(*)::int as stamps, v.subscription_plan as plan
      from stamps s join vendors v on v.id = s.vendor_id
     group by v.id order by stamps desc limit 5`);
  return {
    userCardMismatches: userCards.rows[0]?.mismatches ?? 0,
    monthsOverLimit: months.rows[0]?.over ?? 0,
    stampsTooClose: intervals.rows[0]?.close ?? 0,
    outOfOrder: order.rows[0]?.count ?? 0,
    mainBranchMismatches: mainBranches.rows[0]?.count ?? 0,
    largestVendors: largest.rows,
  };
}
