import { and, asc, eq, inArray } from 'drizzle-orm';
import { isUnlimited } from '../../../shared/plans';
import type { Executor } from '../../db/client';
import { loyaltyCards } from '../../db/schema';

export interface PausedCard {
  id: string;
  name: string;
}

/**
 * After a downgrade, keeps the oldest `maxCards` active cards and pauses the newest ones beyond
 * the limit (SPEC.md section 5: active cards must stay within the plan). Call it inside the
 * transaction that changed the plan; the card rows are locked so a concurrent activation waits.
 */
export async function pauseCardsOverLimit(tx: Executor, vendorId: string, maxCards: number, now: Date): Promise<PausedCard[]> {
  if (isUnlimited(maxCards)) return [];
  const active = await tx
    .select({ id: loyaltyCards.id, name: loyaltyCards.name })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), eq(loyaltyCards.status, 'active')))
    .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id))
    .for('update');
  const over = active.slice(Math.max(0, maxCards));
  if (over.length === 0) return [];
  await tx
    .update(loyaltyCards)
    .set({ status: 'paused', updatedAt: now })
    .where(inArray(loyaltyCards.id, over.map((card) => card.id)));
  return over;
}
