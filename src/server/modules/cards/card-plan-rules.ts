import { cardOutsidePlan, cardTypeLockedMessage, type CardPlanShape } from '@shared/billing/plans';
import type { CreatableCardType } from '@shared/cards/cards';
import { hourlyDealsLockedMessage } from '@shared/cards/hourly-deals';
import type { Transaction } from '@server/db/client';
import { planRequired } from '@server/errors';
import { planLimitsForVendor, type VendorSubscriptionFields } from '@server/modules/billing/plan-limits-for-vendor';
import { assertActiveCardAllowed } from './card-limit';

/**
 * The plan's cardTypes and hourlyDeals capabilities: a card the vendor's plan does not include is
 * refused, naming the plan that does.
 */
export function assertCardAllowedByPlan(vendor: VendorSubscriptionFields, card: CardPlanShape): void {
  const outside = cardOutsidePlan(planLimitsForVendor(vendor), card);
  if (outside === 'card_type') throw planRequired(cardTypeLockedMessage(card.cardType as CreatableCardType));
  if (outside === 'hourly_deals') throw planRequired(hourlyDealsLockedMessage());
}

/**
 * Everything the plan asks of a card becoming active, from any path (create as active, activate,
 * an admin's restore): the plan includes it and the active-card limit has room. The caller holds
 * the vendor row lock.
 */
export async function assertCardMayBeActive(
  tx: Transaction,
  vendor: VendorSubscriptionFields & { id: string },
  card: CardPlanShape,
): Promise<void> {
  assertCardAllowedByPlan(vendor, card);
  await assertActiveCardAllowed(tx, vendor);
}
