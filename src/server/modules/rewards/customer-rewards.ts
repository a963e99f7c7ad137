import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { RotatingCode } from '@shared/stamps/stamps';
import type { customerRewardSchema } from '@shared/rewards/rewards';
import { assertRewardNotExpired } from './redeem-reward';
import { earnedRewardColumns, presentEarnedReward } from './present-reward';
import type { Executor } from '@server/db/client';
import { loyaltyCards, rewards, vendors } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { mintCode } from '@server/modules/stamps/mint-code';
import type { StampCodeSettings } from '@server/modules/stamps/stamp-code-settings';

/**
 * One of the customer's own rewards; anyone else's looks like a reward that does not exist, and
 * so does a reward withdrawn because its stamps were reversed (decision 086).
 */
export async function getCustomerReward(
  db: Executor,
  userId: string,
  rewardId: string,
  now: Date,
): Promise<z.infer<typeof customerRewardSchema>> {
  const [row] = await db
    .select({
      ...earnedRewardColumns,
      redeemedAt: rewards.redeemedAt,
      cardId: loyaltyCards.id,
      cardName: loyaltyCards.name,
      vendorName: vendors.businessName,
      vendorLogo: vendors.logo,
      vendorSlug: vendors.slug,
    })
    .from(rewards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, rewards.cardId))
    .innerJoin(vendors, eq(vendors.id, rewards.vendorId))
    .where(and(eq(rewards.id, rewardId), eq(rewards.userId, userId), ne(rewards.status, 'withdrawn')))
    .limit(1);
  if (!row) throw notFound('Reward not found');
  return {
    ...presentEarnedReward(row, now),
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    card: { id: row.cardId, name: row.cardName },
    vendor: { name: row.vendorName, logo: row.vendorLogo, slug: row.vendorSlug },
  };
}

/** Redeem Reward: the live, rotating code the customer shows at the counter. */
export async function mintRewardCode(
  db: Executor,
  settings: StampCodeSettings,
  { userId, rewardId }: { userId: string; rewardId: string },
  now: Date,
): Promise<RotatingCode> {
  const [reward] = await db
    .select({ id: rewards.id, vendorId: rewards.vendorId, status: rewards.status, expiresAt: rewards.expiresAt })
    .from(rewards)
    .where(and(eq(rewards.id, rewardId), eq(rewards.userId, userId), ne(rewards.status, 'withdrawn')))
    .limit(1);
  if (!reward) throw notFound('Reward not found');
  if (reward.status !== 'earned') throw conflict('This reward has already been redeemed.', 'already_redeemed');
  assertRewardNotExpired(reward, now);
  const { codeId: _kept, ...code } = await mintCode(
    db,
    settings.key,
    { kind: 'reward', rewardId: reward.id, vendorId: reward.vendorId },
    now,
  );
  return code;
}
