import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiRewardListSchema } from '@shared/api/vendor-api-v1';
import { rewardDisplayStatus, type RewardDisplayStatus } from '@shared/rewards/reward-expiry';
import type { Executor } from '@server/db/client';
import { loyaltyCards, rewards } from '@server/db/schema';
import { cardHonouredBy } from '@server/modules/cards/partnerships';
import { rewardShownAs } from '@server/modules/rewards/reward-status-sql';

/**
 * A customer's rewards on the cards this vendor honours (never another vendor's): earned ones
 * waiting at the counter by default (an expired one is not: it can no longer be redeemed). An
 * unknown customer simply has none.
 */
export async function listCustomerRewards(
  db: Executor,
  { vendorId, customerId, status }: { vendorId: string; customerId: string; status: RewardDisplayStatus | 'all' },
  now: Date,
): Promise<z.infer<typeof apiRewardListSchema>> {
  const rows = await db
    .select({ reward: rewards, cardName: loyaltyCards.name })
    .from(rewards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, rewards.cardId))
    .where(
      and(
        eq(rewards.userId, customerId),
        cardHonouredBy(vendorId),
        status === 'all' ? undefined : rewardShownAs(rewards, status, now),
      ),
    )
    .orderBy(desc(rewards.earnedAt), desc(rewards.id))
    .limit(200);
  return {
    rewards: rows.map(({ reward, cardName }) => ({
      id: reward.id,
      status: rewardDisplayStatus(reward, now),
      rewardTitle: reward.rewardTitle,
      rewardDescription: reward.rewardDescription,
      rewardValue: reward.rewardValue,
      card: { id: reward.cardId, name: cardName },
      earnedAt: reward.earnedAt.toISOString(),
      expiresAt: reward.expiresAt?.toISOString() ?? null,
      redeemedAt: reward.redeemedAt?.toISOString() ?? null,
    })),
  };
}
