import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiRewardListSchema } from '@shared/vendor-api-v1';
import type { Executor } from '@server/db/client';
import { loyaltyCards, rewards } from '@server/db/schema';
import { cardHonouredBy } from '@server/modules/partner-cards/partnerships';

/**
 * A customer's rewards on the cards this vendor honours (never another vendor's): earned ones
 * waiting at the counter by default. An unknown customer simply has none.
 */
export async function listCustomerRewards(
  db: Executor,
  vendorId: string,
  customerId: string,
  status: 'earned' | 'redeemed' | 'all',
): Promise<z.infer<typeof apiRewardListSchema>> {
  const rows = await db
    .select({ reward: rewards, cardName: loyaltyCards.name })
    .from(rewards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, rewards.cardId))
    .where(
      and(
        eq(rewards.userId, customerId),
        cardHonouredBy(vendorId),
        status === 'all' ? undefined : eq(rewards.status, status),
      ),
    )
    .orderBy(desc(rewards.earnedAt), desc(rewards.id))
    .limit(200);
  return {
    rewards: rows.map(({ reward, cardName }) => ({
      id: reward.id,
      status: reward.status as 'earned' | 'redeemed',
      rewardTitle: reward.rewardTitle,
      rewardDescription: reward.rewardDescription,
      rewardValue: reward.rewardValue,
      card: { id: reward.cardId, name: cardName },
      earnedAt: reward.earnedAt.toISOString(),
      redeemedAt: reward.redeemedAt?.toISOString() ?? null,
    })),
  };
}
