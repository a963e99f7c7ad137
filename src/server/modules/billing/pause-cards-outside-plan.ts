import { and, asc, eq, inArray } from 'drizzle-orm';
import { isUnlimited, planAllowsCardType, type PlanLimits } from '../../../shared/plans';
import { CARD_TYPE_LABELS, CREATABLE_CARD_TYPES, type CardType } from '../../../shared/cards';
import type { Executor } from '../../db/client';
import { loyaltyCards } from '../../db/schema';

export interface PausedCard {
  id: string;
  name: string;
  /** Why: the new plan does not include the card's type, or the card is beyond its card limit. */
  reason: 'card_type' | 'card_limit';
  /** The card's type as people read it ("Daily Chaska"). */
  cardTypeLabel: string;
}

function pausedAs(card: { id: string; name: string; cardType: string }, reason: PausedCard['reason']): PausedCard {
  return { id: card.id, name: card.name, reason, cardTypeLabel: CARD_TYPE_LABELS[card.cardType as CardType] ?? card.cardType };
}

/**
 * After a plan change, pauses the active cards the new plan does not cover, as if the vendor
 * tried to activate them now (SPEC.md section 5 and the plan's cardTypes): first every card of a
 * type the plan does not include, then the newest beyond maxCards, keeping the oldest. Call it
 * inside the transaction that changed the plan; the card rows are locked so a concurrent
 * activation waits.
 */
export async function pauseCardsOutsidePlan(tx: Executor, vendorId: string, limits: PlanLimits, now: Date): Promise<PausedCard[]> {
  const active = await tx
    .select({ id: loyaltyCards.id, name: loyaltyCards.name, cardType: loyaltyCards.cardType })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), eq(loyaltyCards.status, 'active')))
    .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id))
    .for('update');
  const typeLocked = (type: string) => (CREATABLE_CARD_TYPES as readonly string[]).includes(type) && !planAllowsCardType(limits, type);
  const paused = active.filter((card) => typeLocked(card.cardType)).map((card) => pausedAs(card, 'card_type'));
  const kept = active.filter((card) => !typeLocked(card.cardType));
  if (!isUnlimited(limits.maxCards)) {
    paused.push(...kept.slice(Math.max(0, limits.maxCards)).map((card) => pausedAs(card, 'card_limit')));
  }
  if (paused.length === 0) return [];
  await tx
    .update(loyaltyCards)
    .set({ status: 'paused', updatedAt: now })
    .where(inArray(loyaltyCards.id, paused.map((card) => card.id)));
  return paused;
}
