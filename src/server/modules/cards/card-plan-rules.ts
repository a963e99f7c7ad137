import { cardTypeLockedMessage, planAllowsCardType } from '@shared/plans';
import { CREATABLE_CARD_TYPES, type CreatableCardType } from '@shared/cards';
import type { Transaction } from '@server/db/client';
import { planRequired } from '@server/errors';
import { planLimitsForVendor, type VendorSubscriptionFields } from '@server/modules/vendor-plan/plan-limits-for-vendor';
import { assertActiveCardAllowed } from './card-limit';

function isCreatable(type: string): type is CreatableCardType {
  return (CREATABLE_CARD_TYPES as readonly string[]).includes(type);
}

/** The plan's cardTypes capability: a type the vendor's plan does not include is refused, naming the plan that does. */
export function assertCardTypeAllowed(vendor: VendorSubscriptionFields, cardType: string): void {
  // Early-data "stamp" cards predate card types and stay as they are.
  if (!isCreatable(cardType)) return;
  if (!planAllowsCardType(planLimitsForVendor(vendor), cardType)) {
    throw planRequired(cardTypeLockedMessage(cardType));
  }
}

/**
 * Everything the plan asks of a card becoming active, from any path (create as active, activate,
 * an admin's restore): its type is in the plan and the active-card limit has room. The caller
 * holds the vendor row lock.
 */
export async function assertCardMayBeActive(
  tx: Transaction,
  vendor: VendorSubscriptionFields & { id: string },
  cardType: string,
): Promise<void> {
  assertCardTypeAllowed(vendor, cardType);
  await assertActiveCardAllowed(tx, vendor);
}
