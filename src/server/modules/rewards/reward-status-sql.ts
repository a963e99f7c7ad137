import { and, eq, gt, isNull, lte, or, type Column, type SQL } from 'drizzle-orm';
import type { RewardDisplayStatus } from '@shared/rewards/reward-expiry';

/**
 * The SQL twin of `rewardDisplayStatus` (@shared/reward-expiry): an unredeemed reward whose
 * expiry has passed shows as expired and can no longer be redeemed, though its row still says
 * "earned". Takes the table so that an aliased `rewards` can use it too.
 */
export function rewardShownAs(
  table: { status: Column; expiresAt: Column },
  status: RewardDisplayStatus,
  now: Date,
): SQL | undefined {
  switch (status) {
    case 'redeemed':
      return eq(table.status, 'redeemed');
    case 'withdrawn':
      return eq(table.status, 'withdrawn');
    case 'expired':
      return and(eq(table.status, 'earned'), lte(table.expiresAt, now));
    case 'earned':
      return and(eq(table.status, 'earned'), or(isNull(table.expiresAt), gt(table.expiresAt, now)));
  }
}
