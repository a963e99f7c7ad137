import { and, eq, gt, isNull, isNotNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerRewardSchema } from '@shared/rewards/rewards';
import { cardMilestones } from '@shared/cards/earn-rules';
import { rewardExpiresAt } from '@shared/rewards/reward-expiry';
import type { Database } from '@server/db/client';
import { loyaltyCards, rewards } from '@server/db/schema';
import { conflict, invalidFields, notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { lockUserCard } from '@server/modules/stamps/write-stamp';
import { getCustomerReward } from './customer-rewards';

/**
 * A points card's customer chooses a reward from the card's menu (decision 085): the reward is
 * written as earned, with its price in points and the card's expiry, and redeemed like any other
 * with its live code (redeem-reward.ts takes the price from the card then). The points stay on
 * the card until then but are held: what the customer may still choose is the balance less the
 * prices of their chosen rewards not yet redeemed nor expired. The customer's card is locked, so
 * two choices at once cannot hold the same points twice.
 */
export async function chooseReward(
  db: Database,
  input: { userId: string; actor: AuditActor; cardId: string; milestone: number },
  now: Date,
): Promise<z.infer<typeof customerRewardSchema>> {
  const rewardId = await db.transaction(async (tx) => {
    const userCard = await lockUserCard(tx, input.userId, input.cardId);
    if (!userCard) throw notFound('Loyalty card not found');
    const [card] = await tx.select().from(loyaltyCards).where(eq(loyaltyCards.id, input.cardId)).limit(1);
    if (!card) throw notFound('Loyalty card not found');
    if (card.earnKind !== 'points') {
      const message = 'This card gives its rewards by stamps: they are earned, not chosen.';
      throw invalidFields(message, { cardId: message });
    }
    const choice = cardMilestones(card).find((milestone) => milestone.at === input.milestone);
    if (!choice) {
      const message = 'This card has no reward at that price.';
      throw invalidFields(message, { milestone: message });
    }
    const [held] = await tx
      .select({ points: sql<number>`coalesce(sum(${rewards.pointsPrice}), 0)::int` })
      .from(rewards)
      .where(
        and(
          eq(rewards.userCardId, userCard.id),
          eq(rewards.status, 'earned'),
          isNotNull(rewards.pointsPrice),
          or(isNull(rewards.expiresAt), gt(rewards.expiresAt, now)),
        ),
      );
    const available = userCard.stampsCollected - (held?.points ?? 0);
    if (available < choice.at)
      throw conflict(
        serverText('customer:points.shortError', { price: choice.at, available: Math.max(0, available) }),
        'points_short',
      );
    const [reward] = await tx
      .insert(rewards)
      .values({
        userId: input.userId,
        vendorId: card.vendorId,
        cardId: card.id,
        userCardId: userCard.id,
        rewardTitle: choice.rewardTitle,
        rewardDescription: choice.at === card.stampsRequired ? card.rewardDescription : '',
        rewardValue: choice.rewardValue,
        pointsPrice: choice.at,
        status: 'earned',
        earnedAt: now,
        expiresAt: card.rewardExpiryDays ? rewardExpiresAt(now, card.rewardExpiryDays) : null,
        createdAt: now,
      })
      .returning({ id: rewards.id });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'reward.choose',
      targetType: 'reward',
      targetId: reward!.id,
      vendorId: card.vendorId,
      metadata: { userCardId: userCard.id, pointsPrice: choice.at },
    });
    return reward!.id;
  });
  return getCustomerReward(db, input.userId, rewardId, now);
}
