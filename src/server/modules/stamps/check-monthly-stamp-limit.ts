import { and, count, eq, gte } from 'drizzle-orm';
import { isUnlimited } from '../../../shared/plans';
import { isWithinLimit, planLimitsForVendor } from '../billing/plan-limits-for-vendor';
import type { Executor } from '../../db/client';
import { startOfPakistanMonth } from '../../lib/pakistan-calendar';
import { stamps, vendors } from '../../db/schema';
import { conflict, notFound } from '../../errors';

/** SPEC.md section 8, word for word. */
export function monthlyStampLimitMessage(limit: number): string {
  return `Monthly stamp limit reached. Maximum ${limit} stamps per month.`;
}

export interface MonthlyStampUsage {
  used: number;
  /** -1 means unlimited. */
  limit: number;
  reached: boolean;
  periodStart: Date;
}

/** Stamps the vendor issued from `since` on: what counts against the monthly limit. */
export async function countStampsSince(db: Executor, vendorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(stamps)
    .where(and(eq(stamps.vendorId, vendorId), gte(stamps.issuedAt, since)));
  return Number(row?.value ?? 0);
}

/** How many stamps the vendor issued this month against its plan's limit (read only). */
export async function getMonthlyStampUsage(db: Executor, vendorId: string, now: Date): Promise<MonthlyStampUsage> {
  const [vendor] = await db
    .select({ subscriptionPlan: vendors.subscriptionPlan, subscriptionStatus: vendors.subscriptionStatus })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  if (!vendor) throw notFound('Vendor not found');
  const limit = planLimitsForVendor(vendor).maxStampsPerMonth;
  const periodStart = startOfPakistanMonth(now);
  const used = await countStampsSince(db, vendorId, periodStart);
  return { used, limit, reached: !isWithinLimit(limit, used), periodStart };
}

/**
 * The one home of the monthly stamp limit. Call it inside the stamp's transaction, before the
 * stamp is inserted, with the vendor's plan as read in that transaction: it locks the vendor row
 * so that concurrent stamps for one vendor are counted one after another and can never together
 * pass the limit. Unlimited plans take no lock.
 */
export async function checkMonthlyStampLimit(
  tx: Executor,
  vendor: { id: string; subscriptionPlan: string; subscriptionStatus: string },
  now: Date,
): Promise<void> {
  const limit = planLimitsForVendor(vendor).maxStampsPerMonth;
  if (isUnlimited(limit)) return;
  // NO KEY UPDATE: serialises stamp counting without blocking inserts that merely reference the vendor.
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendor.id)).for('no key update');
  const used = await countStampsSince(tx, vendor.id, startOfPakistanMonth(now));
  if (!isWithinLimit(limit, used)) throw conflict(monthlyStampLimitMessage(limit), 'stamp_limit_reached');
}
