import { and, asc, eq, inArray } from 'drizzle-orm';
import { BRAND } from '@shared/brand';
import { cardOutsidePlan, isHourlyDeal, isUnlimited, type PlanLimits } from '@shared/billing/plans';
import { CARD_TYPE_LABELS, type CardType } from '@shared/cards/cards';
import type { Executor } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';

export interface PausedCard {
  id: string;
  name: string;
  /**
   * Why: the new plan does not include the card's type (or, for an Hourly Chaska deal, hourly
   * deals), or the card is beyond its card limit.
   */
  reason: 'card_type' | 'card_limit';
  /** The card's type as people read it ("Daily Chaska"). */
  cardTypeLabel: string;
}

type ActiveCard = { id: string; name: string; cardType: string; dealStartsAt: Date | null };

function pausedAs(card: ActiveCard, reason: PausedCard['reason']): PausedCard {
  return {
    id: card.id,
    name: card.name,
    reason,
    cardTypeLabel: isHourlyDeal(card)
      ? BRAND.hourlyName
      : (CARD_TYPE_LABELS[card.cardType as CardType] ?? card.cardType),
  };
}

/**
 * Which active cards a plan does not cover (SPEC.md section 5 and the plan's cardTypes): first
 * every card of a type the plan does not include, then the newest beyond maxCards, keeping the
 * oldest. `active` is ordered oldest first.
 */
export function cardsOutsidePlan(active: readonly ActiveCard[], limits: PlanLimits): PausedCard[] {
  const typeLocked = (card: ActiveCard) => cardOutsidePlan(limits, card) !== null;
  const paused = active.filter(typeLocked).map((card) => pausedAs(card, 'card_type'));
  const kept = active.filter((card) => !typeLocked(card));
  if (!isUnlimited(limits.maxCards)) {
    paused.push(...kept.slice(Math.max(0, limits.maxCards)).map((card) => pausedAs(card, 'card_limit')));
  }
  return paused;
}

function activeCardsQuery(db: Executor, vendorId: string) {
  return db
    .select({
      id: loyaltyCards.id,
      name: loyaltyCards.name,
      cardType: loyaltyCards.cardType,
      dealStartsAt: loyaltyCards.dealStartsAt,
    })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendorId), eq(loyaltyCards.status, 'active')))
    .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id));
}

/** What a change to these limits would pause if the cards stay as they are now (no locks, no writes). */
export async function previewCardsOutsidePlan(
  db: Executor,
  vendorId: string,
  limits: PlanLimits,
): Promise<PausedCard[]> {
  return cardsOutsidePlan(await activeCardsQuery(db, vendorId), limits);
}

/**
 * After a plan change, pauses the active cards the new plan does not cover, as if the vendor
 * tried to activate them now (cardsOutsidePlan). Call it inside the transaction that changed the
 * plan; the card rows are locked so a concurrent activation waits.
 */
export async function pauseCardsOutsidePlan(
  tx: Executor,
  vendorId: string,
  limits: PlanLimits,
  now: Date,
): Promise<PausedCard[]> {
  const paused = cardsOutsidePlan(await activeCardsQuery(tx, vendorId).for('update'), limits);
  if (paused.length === 0) return [];
  await tx
    .update(loyaltyCards)
    .set({ status: 'paused', updatedAt: now })
    .where(
      inArray(
        loyaltyCards.id,
        paused.map((card) => card.id),
      ),
    );
  return paused;
}
