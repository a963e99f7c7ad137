import { sql } from 'drizzle-orm';
import type { PlatformStats } from '@shared/platform/admin-dashboard';
import { formatLongMonth, startOfPakistanMonth } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, rewards, users, vendors } from '@server/db/schema';
import { isPublicCard } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { rows } from '@server/db/sql-rows';
import { monthlyRevenueSql } from '@server/modules/billing/list-payments';

/**
 * SPEC.md's platform stats, from real rows. monthlyRevenue is the platform's subscription revenue
 * this month (PRODUCT.md section 5); the value of rewards redeemed this month is its own figure.
 * activeCards counts the cards customers can see (active, of a public vendor), as the landing does.
 */
export async function getPlatformStats(db: Executor, now: Date): Promise<PlatformStats> {
  const monthStart = startOfPakistanMonth(now);
  const [row] = await rows<Record<string, string | number>>(
    db,
    sql`select
      (select count(*) from ${vendors})::int as "totalVendors",
      (select count(*) from ${users})::int as "totalUsers",
      (select count(*) from ${loyaltyCards} inner join ${vendors} on ${qualified(vendors.id)} = ${qualified(loyaltyCards.vendorId)}
        where ${isPublicCard(now)} and ${isPublicVendor()})::int as "activeCards",
      ${monthlyRevenueSql(monthStart)} as "monthlyRevenue",
      (select coalesce(sum(${qualified(rewards.rewardValue)}), 0)::bigint from ${rewards}
        where ${qualified(rewards.status)} = 'redeemed' and ${qualified(rewards.redeemedAt)} >= ${monthStart.toISOString()}::timestamptz) as "redeemedRewardValue"`,
  );
  return {
    totalVendors: Number(row?.totalVendors ?? 0),
    totalUsers: Number(row?.totalUsers ?? 0),
    activeCards: Number(row?.activeCards ?? 0),
    monthlyRevenue: Number(row?.monthlyRevenue ?? 0),
    redeemedRewardValue: Number(row?.redeemedRewardValue ?? 0),
    monthLabel: formatLongMonth(now),
  };
}
