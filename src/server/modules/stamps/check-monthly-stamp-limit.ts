import { eq } from 'drizzle-orm';
import { isUnlimited } from '@shared/plans';
import { isWithinLimit } from '@server/modules/vendor-plan/plan-limits-for-vendor';
import { countStampsSince } from '@server/modules/vendor-plan/plan-usage';
import type { Executor } from '@server/db/client';
import { startOfPakistanMonth } from '@shared/pakistan-time';
import { vendors } from '@server/db/schema';
import { conflict } from '@server/errors';

/** SPEC.md section 8, word for word. */
export function monthlyStampLimitMessage(limit: number): string {
  return `Monthly stamp limit reached. Maximum ${limit} stamps per month.`;
}

/**
 * The one home of the monthly stamp limit (SPEC.md section 5). The stamp passes the issuing
 * vendor's id and its plan's maxStampsPerMonth (planLimitsForVendor, read in the stamp's
 * transaction). Call it before the stamp is inserted: it locks the vendor row so that concurrent
 * stamps for one vendor are counted one after another and can never together pass the limit.
 * Unlimited plans take no lock.
 */
export async function checkMonthlyStampLimit(tx: Executor, vendorId: string, limit: number, now: Date): Promise<void> {
  if (!(await hasMonthlyStampRoom(tx, vendorId, limit, now))) {
    throw conflict(monthlyStampLimitMessage(limit), 'stamp_limit_reached');
  }
}

/**
 * The same rule as a question, for stamps nobody waits for (a referral's bonus): true when the
 * plan allows one more stamp this month. Takes the same vendor row lock.
 */
export async function hasMonthlyStampRoom(tx: Executor, vendorId: string, limit: number, now: Date): Promise<boolean> {
  if (isUnlimited(limit)) return true;
  // NO KEY UPDATE: serialises stamp counting without blocking inserts that merely reference the vendor.
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('no key update');
  const used = await countStampsSince(tx, vendorId, startOfPakistanMonth(now));
  return isWithinLimit(limit, used);
}
