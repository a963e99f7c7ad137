import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { FEATURABLE_TYPES } from './list-admin-cards';

const featurable = and(inArray(loyaltyCards.cardType, [...FEATURABLE_TYPES]), ne(loyaltyCards.status, 'archived'));

async function lockFeaturableCard(tx: Transaction, cardId: string) {
  const [card] = await tx.select().from(loyaltyCards).where(eq(loyaltyCards.id, cardId)).for('update');
  if (!card) throw notFound('Loyalty card not found');
  if (!(FEATURABLE_TYPES as readonly string[]).includes(card.cardType) || card.status === 'archived') {
    throw conflict('Only Daily Chaska and exclusive cards that are not removed can be featured.', 'not_featurable');
  }
  return card;
}

/** Setting a place and moving a card are one audited change: the card's place, from and to. */
async function auditPlaceChange(
  tx: Transaction,
  actor: AuditActor,
  card: typeof loyaltyCards.$inferSelect,
  to: number | null,
) {
  await recordAudit(tx, {
    actor,
    action: 'card.featured_order',
    targetType: 'loyalty_card',
    targetId: card.id,
    vendorId: card.vendorId,
    metadata: { name: card.name, from: card.featuredOrder, to },
  });
}

/** Sets a card's place among featured cards (1 is first), or takes it out of the order (null). */
export async function setFeaturedOrder(
  db: Database,
  { cardId, actor, featuredOrder }: { cardId: string; actor: AuditActor; featuredOrder: number | null },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const card = await lockFeaturableCard(tx, cardId);
    await tx.update(loyaltyCards).set({ featuredOrder, updatedAt: now }).where(eq(loyaltyCards.id, cardId));
    await auditPlaceChange(tx, actor, card, featuredOrder);
    return { id: cardId, featuredOrder };
  });
}

/**
 * Swaps a featured card with its neighbour above or below. Every featured card is locked first,
 * so two admins reordering at once cannot leave two cards on the same place.
 */
export async function moveFeaturedCard(db: Database, cardId: string, direction: 'up' | 'down', actor: AuditActor) {
  return db.transaction(async (tx) => {
    const card = await lockFeaturableCard(tx, cardId);
    if (card.featuredOrder === null)
      throw conflict('Feature the card first by giving it a place number.', 'not_featured');
    const featured = await tx
      .select({ id: loyaltyCards.id, featuredOrder: loyaltyCards.featuredOrder })
      .from(loyaltyCards)
      .where(and(featurable, isNotNull(loyaltyCards.featuredOrder)))
      .orderBy(sql`${loyaltyCards.featuredOrder} asc`, loyaltyCards.createdAt, loyaltyCards.id)
      .for('update');
    const index = featured.findIndex((entry) => entry.id === cardId);
    const neighbour = featured[direction === 'up' ? index - 1 : index + 1];
    if (!neighbour)
      throw conflict(direction === 'up' ? 'This card is already first.' : 'This card is already last.', 'no_neighbour');
    // Places become 1..n in the current order, then the two swap: ties and gaps resolve themselves.
    const order = featured.map((entry) => entry.id);
    const target = direction === 'up' ? index - 1 : index + 1;
    [order[index], order[target]] = [order[target]!, order[index]!];
    for (const [position, id] of order.entries()) {
      const place = position + 1;
      if (featured.find((entry) => entry.id === id)?.featuredOrder !== place) {
        await tx.update(loyaltyCards).set({ featuredOrder: place }).where(eq(loyaltyCards.id, id));
      }
    }
    await auditPlaceChange(tx, actor, card, target + 1);
    return { id: cardId, featuredOrder: target + 1 };
  });
}
