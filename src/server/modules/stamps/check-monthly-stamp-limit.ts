import { eq } from 'drizzle-orm';
import { isUnlimited } from '@shared/billing/plans';
import {
  isWithinLimit,
  monthlyStampLimitMessage,
  planLimitsForVendor,
  type VendorSubscriptionFields,
} from '@server/modules/billing/plan-limits-for-vendor';
import { countStampsSince } from '@server/modules/billing/plan-usage';
import type { Executor } from '@server/db/client';
import { startOfPakistanMonth } from '@shared/pakistan-time';
import { vendors } from '@server/db/schema';
import { conflict, errorWithStatus } from '@server/errors';

/**
 * The vendor whose plan a stamp counts against: the one that issues it (on a partner card, the
 * partner, not the owner; for a bonus, the owner), with its subscription.
 */
export interface StampingVendor extends VendorSubscriptionFields {
  id: string;
}

/** How many stamps a month the vendor's plan allows (-1: unlimited), from planLimitsForVendor. */
function monthlyStampLimitOf(vendor: StampingVendor): number {
  return planLimitsForVendor(vendor).maxStampsPerMonth;
}

/**
 * The one home of the monthly stamp limit (SPEC.md section 5). Concurrent stamps for one vendor
 * are counted one after another under a lock of the vendor row, so they can never together pass
 * the limit; unlimited plans take no lock.
 *
 * A stamp takes the lock with `lockStampCounting` before its first write, then asks
 * `checkMonthlyStampLimit` where the rule stands. First, because every write of a stamp (joining
 * the card included) also counts into the vendor's shared rows (vendor_totals, decision 055): a
 * stamp that wrote them and then queued for the lock would deadlock with the one holding it.
 */
export async function lockStampCounting(tx: Executor, vendor: StampingVendor): Promise<void> {
  if (isUnlimited(monthlyStampLimitOf(vendor))) return;
  // NO KEY UPDATE: serialises stamp counting without blocking inserts that merely reference the vendor.
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendor.id)).for('no key update');
}

/**
 * An order for several stamps that the month's limit has room for only in part is refused whole
 * (nothing given), saying how many are left, so that staff can give that many instead.
 */
export function monthlyStampRoomMessage(limit: number, left: number, quantity: number): string {
  return `Only ${left} ${left === 1 ? 'stamp is' : 'stamps are'} left of this month's plan limit of ${limit}, so this order of ${quantity} stamps was not given. Give ${left} or fewer, or upgrade the plan.`;
}

/**
 * Refuses the stamps when the plan allows no more this month: every stamp of an order counts, and
 * an order the month has no room for in full is refused whole. The caller holds lockStampCounting's lock.
 */
export async function checkMonthlyStampLimit(
  tx: Executor,
  vendor: StampingVendor,
  now: Date,
  quantity = 1,
): Promise<void> {
  const limit = monthlyStampLimitOf(vendor);
  if (isUnlimited(limit)) return;
  const used = await countStampsSince(tx, vendor.id, startOfPakistanMonth(now));
  if (!isWithinLimit(limit, used)) throw conflict(monthlyStampLimitMessage(limit), 'stamp_limit_reached');
  // isWithinLimit for the order's last stamp: the month holds all of them or none is given.
  if (!isWithinLimit(limit, used + quantity - 1)) {
    const message = monthlyStampRoomMessage(limit, limit - used, quantity);
    throw errorWithStatus(409, 'stamp_limit_reached', message, { quantity: message });
  }
}

/**
 * The same rule as a question, for stamps nobody waits for (a referral's or an automation's
 * bonus): true when the plan allows one more stamp this month. Takes the same vendor row lock.
 */
export async function hasMonthlyStampRoom(tx: Executor, vendor: StampingVendor, now: Date): Promise<boolean> {
  const limit = monthlyStampLimitOf(vendor);
  if (isUnlimited(limit)) return true;
  await lockStampCounting(tx, vendor);
  const used = await countStampsSince(tx, vendor.id, startOfPakistanMonth(now));
  return isWithinLimit(limit, used);
}
