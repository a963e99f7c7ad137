import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { cardHolders, rewards, vendorCustomers } from '@server/db/schema';

export interface CardHolderStats {
  users: number;
  completedUsers: number;
}

/**
 * Holders and completers per card. Completed means the holder earned the card's reward at least
 * once (redeemed or not): the card starts over after a redemption, so user_cards.status alone
 * would forget earlier completions, while rewards keep them. The cards must be one vendor's.
 */
export async function cardHolderStats(db: Executor, cardIds: string[]): Promise<Map<string, CardHolderStats>> {
  const stats = new Map<string, CardHolderStats>(cardIds.map((id) => [id, { users: 0, completedUsers: 0 }]));
  if (cardIds.length === 0) return stats;
  // Holders from the card_holders rollup (decision 055): at most 8 rows a card, however many hold
  // it. Its triggers count at commit, so a transaction that adds or removes user cards would not
  // see its own; none of the callers does both.
  const holders = await db
    .select({ cardId: cardHolders.cardId, users: sql<number>`sum(${cardHolders.holders})::int` })
    .from(cardHolders)
    .where(inArray(cardHolders.cardId, cardIds))
    .groupBy(cardHolders.cardId);
  // By card alone, so that (card_id, user_id) answers without reading the rows: the cards are the
  // vendor's (every caller passes its own), and a reward's vendor is always its card's.
  const completers = await db
    .select({ cardId: rewards.cardId, users: sql<number>`count(distinct ${rewards.userId})::int` })
    .from(rewards)
    .where(inArray(rewards.cardId, cardIds))
    .groupBy(rewards.cardId);
  for (const row of holders) stats.get(row.cardId)!.users = Number(row.users);
  for (const row of completers) {
    const entry = stats.get(row.cardId);
    if (entry) entry.completedUsers = Number(row.users);
  }
  return stats;
}

/**
 * Distinct customers holding any of the vendor's cards, archived ones included: the vendor's rows
 * of vendor_customers that hold a card (decision 051), an index-only count.
 */
export async function countVendorCustomers(db: Executor, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(vendorCustomers)
    .where(and(eq(vendorCustomers.vendorId, vendorId), gt(vendorCustomers.cards, 0)));
  return Number(row?.count ?? 0);
}
