import { and, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { rows } from '@server/db/sql-rows';
import { cardHolders, loyaltyCards, vendorCustomers } from '@server/db/schema';

export interface CardHolderStats {
  users: number;
  completedUsers: number;
}

/** A card's holders, for a statement that reads cards: the card_holders rollup (decision 055). */
export const holdersOfCard = (cardId: SQL) =>
  sql`(select coalesce(sum(${cardHolders.holders}), 0)::int from ${cardHolders} where ${cardHolders.cardId} = ${cardId})`;

/**
 * A card's completers, for a statement that reads cards: those who earned its reward at least once,
 * from card_holders, which counts the rows of card_completers (decision 067).
 */
export const completersOfCard = (cardId: SQL) =>
  sql`(select coalesce(sum(${cardHolders.completers}), 0)::int from ${cardHolders} where ${cardHolders.cardId} = ${cardId})`;

/**
 * Holders and completers per card. Completed means the holder earned the card's reward at least
 * once (redeemed or not): the card starts over after a redemption, so user_cards.status alone
 * would forget earlier completions, while rewards keep them. The cards must be one vendor's.
 * Both come from card_holders, whose triggers count at commit: a transaction that adds or removes
 * user cards or rewards would not see its own (none of the callers does both).
 */
export async function cardHolderStats(db: Executor, cardIds: string[]): Promise<Map<string, CardHolderStats>> {
  const stats = new Map<string, CardHolderStats>(cardIds.map((id) => [id, { users: 0, completedUsers: 0 }]));
  if (cardIds.length === 0) return stats;
  const cardId = sql`${loyaltyCards.id}`;
  const found = await rows<{ card_id: string; users: number; completed_users: number }>(
    db,
    sql`select ${cardId} as card_id, ${holdersOfCard(cardId)} as users, ${completersOfCard(cardId)} as completed_users
        from ${loyaltyCards} where ${inArray(loyaltyCards.id, cardIds)}`,
  );
  for (const row of found) {
    stats.set(row.card_id, { users: Number(row.users), completedUsers: Number(row.completed_users) });
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
