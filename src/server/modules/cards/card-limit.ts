import { and, count, eq } from 'drizzle-orm';
import { isUnlimited } from '@shared/billing/plans';
import type { Transaction } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { conflict } from '@server/errors';
import {
  cardLimitMessage,
  isWithinLimit,
  planLimitsForVendor,
  type VendorSubscriptionFields,
} from '@server/modules/billing/plan-limits-for-vendor';

/**
 * SPEC.md section 5: with a limited plan, the vendor's count of active cards must be below
 * maxCards before one more becomes active. The caller holds the vendor row lock (lockOpenVendor),
 * so concurrent activations run this check one after another and never overshoot.
 */
export async function assertActiveCardAllowed(
  tx: Transaction,
  vendor: VendorSubscriptionFields & { id: string },
): Promise<void> {
  const { maxCards } = planLimitsForVendor(vendor);
  if (isUnlimited(maxCards)) return;
  const [row] = await tx
    .select({ active: count() })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'active')));
  if (!isWithinLimit(maxCards, Number(row?.active ?? 0)))
    throw conflict(cardLimitMessage(maxCards), 'card_limit_reached');
}
