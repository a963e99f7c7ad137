import { and, asc, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiCardListSchema } from '@shared/api/vendor-api-v1';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { cardHonouredBy } from '@server/modules/cards/partnerships';

/** The cards the vendor's counter honours (its own and accepted partner cards), archived ones left out. */
export async function listApiCards(db: Executor, vendorId: string): Promise<z.infer<typeof apiCardListSchema>> {
  const rows = await db
    .select({
      id: loyaltyCards.id,
      vendorId: loyaltyCards.vendorId,
      name: loyaltyCards.name,
      cardType: loyaltyCards.cardType,
      status: loyaltyCards.status,
      stampsRequired: loyaltyCards.stampsRequired,
      rewardTitle: loyaltyCards.rewardTitle,
      rewardValue: loyaltyCards.rewardValue,
      minStampIntervalMinutes: loyaltyCards.minStampIntervalMinutes,
    })
    .from(loyaltyCards)
    .where(and(cardHonouredBy(vendorId), ne(loyaltyCards.status, 'archived')))
    .orderBy(asc(loyaltyCards.name), asc(loyaltyCards.id))
    .limit(500);
  return { cards: rows.map(({ vendorId: owner, ...card }) => ({ ...card, partner: owner !== vendorId })) };
}
