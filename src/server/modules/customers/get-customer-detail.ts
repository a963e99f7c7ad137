import { and, desc, eq } from 'drizzle-orm';
import type { CustomerDetail } from '@shared/customers/vendor-customers';
import { tierMultiplier, tierStanding, type TierRule } from '@shared/cards/earn-rules';
import type { Executor } from '@server/db/client';
import { loyaltyCards, rewards, stamps, userCards, users, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

/** One customer's cards, stamps and rewards with THIS vendor only; anyone else is "not found". */
export async function getCustomerDetail(db: Executor, vendorId: string, userId: string): Promise<CustomerDetail> {
  const cards = await db
    .select({ userCard: userCards, card: loyaltyCards })
    .from(userCards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .where(and(eq(userCards.userId, userId), eq(loyaltyCards.vendorId, vendorId)))
    .orderBy(desc(userCards.createdAt));
  if (cards.length === 0) throw notFound(CUSTOMER_NOT_FOUND);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(CUSTOMER_NOT_FOUND);
  // Levels show while the plan has tiers, as on the customer's own card (decision 087).
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  const tiersOn = vendor ? planLimitsForVendor(vendor).tiers : false;

  const stampRows = await db
    .select({ id: stamps.id, cardName: loyaltyCards.name, issuedAt: stamps.issuedAt })
    .from(stamps)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
    .where(and(eq(stamps.userId, userId), eq(stamps.vendorId, vendorId)))
    .orderBy(desc(stamps.issuedAt))
    .limit(50);
  const rewardRows = await db
    .select({ reward: rewards, cardName: loyaltyCards.name })
    .from(rewards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, rewards.cardId))
    .where(and(eq(rewards.userId, userId), eq(rewards.vendorId, vendorId)))
    .orderBy(desc(rewards.earnedAt))
    .limit(50);

  return {
    userId: user.id,
    name: `${user.name} ${user.surname}`.trim(),
    email: user.email,
    phone: user.phone,
    city: user.city,
    joinedAt: cards
      .reduce(
        (first, row) => (row.userCard.createdAt < first ? row.userCard.createdAt : first),
        cards[0]!.userCard.createdAt,
      )
      .toISOString(),
    cards: cards.map(({ userCard, card }) => ({
      userCardId: userCard.id,
      cardId: card.id,
      name: card.name,
      cardType: card.cardType,
      cardStatus: card.status,
      earnKind: card.earnKind,
      stampsCollected: userCard.stampsCollected,
      stampsRequired: card.stampsRequired,
      status: userCard.status,
      joinedAt: userCard.createdAt.toISOString(),
      lastStampAt: userCard.lastStampAt?.toISOString() ?? null,
      tier: tiersOn ? tierOf(card.tiers, userCard) : null,
    })),
    stamps: stampRows.map((row) => ({ id: row.id, cardName: row.cardName, issuedAt: row.issuedAt.toISOString() })),
    rewards: rewardRows.map(({ reward, cardName }) => ({
      id: reward.id,
      cardName,
      rewardTitle: reward.rewardTitle,
      rewardValue: reward.rewardValue,
      status: reward.status,
      earnedAt: reward.earnedAt.toISOString(),
      redeemedAt: reward.redeemedAt?.toISOString() ?? null,
    })),
  };
}

/** A card's level as the vendor reads it, through the rule the customer's own card reads it by. */
function tierOf(
  rule: TierRule | null,
  held: { tierLevel: number; tierCount: number },
): CustomerDetail['cards'][number]['tier'] {
  const standing = tierStanding(rule, held.tierLevel, held.tierCount);
  if (!rule || !standing) return null;
  return {
    level: held.tierLevel,
    name: standing.level?.name ?? null,
    multiplier: tierMultiplier(rule, held.tierLevel),
    basis: rule.basis,
    count: held.tierCount,
  };
}
