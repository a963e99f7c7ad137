import { and, eq, not, sql } from 'drizzle-orm';
import type { JoinCardResult } from '@shared/marketplace/marketplace';
import type { Database } from '@server/db/client';
import { loyaltyCards, userCards, users, vendors } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';
import {
  dealEndedError,
  dealIsRunning,
  dealIsUpcoming,
  dealNotStartedError,
  dealSoldOutError,
  takeDealUnit,
} from '@server/modules/cards/deal-availability';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { applyAfterChange } from '@server/lib/after-change';
import { writeHeadStart } from '@server/modules/stamps/write-stamp';

/**
 * Adds a public card to a customer (Join Club, Claim Now, Join Exclusive Club, Start Collecting):
 * a user card with 0 stamps (or the card's head start), status active. A card with stock (a daily deal) gives up one unit in
 * the same transaction, by a conditional UPDATE: parallel claims queue on the row lock and the
 * stock never goes below zero. Any refusal rolls the whole claim back.
 */
export async function joinCard(
  db: Database,
  input: { userId: string; cardId: string },
  now: Date,
): Promise<JoinCardResult> {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select({
        id: loyaltyCards.id,
        name: loyaltyCards.name,
        stockLeft: loyaltyCards.stockLeft,
        earnKind: loyaltyCards.earnKind,
        headStartStamps: loyaltyCards.headStartStamps,
        upcoming: sql<boolean>`${dealIsUpcoming(now)}`,
        ended: sql<boolean>`${not(dealIsRunning(now))}`,
        vendorId: loyaltyCards.vendorId,
        vendorName: vendors.businessName,
      })
      .from(loyaltyCards)
      .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
      .where(and(eq(loyaltyCards.id, input.cardId), sql`${loyaltyCards.status} = 'active'`, isPublicVendor()))
      .limit(1);
    if (!card) throw notFound(serverText('marketplace:join.cardNotFound'));
    if (card.upcoming) throw dealNotStartedError();
    if (card.ended) throw dealEndedError();

    // Checked before touching the stock, so holding a card never costs a unit of a deal.
    const [held] = await tx
      .select({ id: userCards.id })
      .from(userCards)
      .where(and(eq(userCards.userId, input.userId), eq(userCards.cardId, input.cardId)))
      .limit(1);
    if (held) throw conflict(serverText('marketplace:join.alreadyHeld'), 'already_held');

    let stockLeft: number | null = null;
    if (card.stockLeft !== null) {
      const [claimed] = await takeDealUnit(tx, input.cardId);
      if (!claimed) throw dealSoldOutError();
      stockLeft = claimed.stockLeft;
    }

    // Two joins of the same customer at once: the unique (user, card) pair lets one through.
    const [created] = await tx
      .insert(userCards)
      .values({
        userId: input.userId,
        cardId: input.cardId,
        // A card with a head start begins with it, its stamps written beside (writeHeadStart).
        stampsCollected: card.headStartStamps,
        status: 'active',
        createdAt: now,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: userCards.id });
    if (!created) throw conflict(serverText('marketplace:join.alreadyHeld'), 'already_held');
    await writeHeadStart(tx, { userCardId: created.id, customerUserId: input.userId, card, now });
    const [customer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId)).limit(1);
    // The vendor's webhooks and welcome automation hear of the new holder (after-change effects).
    await applyAfterChange(tx, 'card.joined', {
      card: { id: card.id, name: card.name, ownerVendorId: card.vendorId },
      atVendorId: card.vendorId,
      userCardId: created.id,
      customer: { id: input.userId, name: customer?.name ?? '' },
      now,
    });

    return { userCardId: created.id, cardId: card.id, cardName: card.name, vendorName: card.vendorName, stockLeft };
  });
}
