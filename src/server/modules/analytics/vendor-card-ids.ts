import { and, eq } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';

/**
 * The ids of the vendor's cards, deleted (archived) ones included, or just the one card when it
 * is the vendor's. Reads of user_cards take this list (`card_id in (...)`) instead of a join on
 * loyalty_cards: with the ids known, PostgreSQL estimates a large vendor's holders from the
 * column statistics, where a join would assume an average card and plan nested loops.
 */
export async function vendorCardIds(db: Executor, vendorId: string, cardId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), cardId ? eq(loyaltyCards.id, cardId) : undefined));
  return rows.map((row) => row.id);
}
