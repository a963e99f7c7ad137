import { eq, sql } from 'drizzle-orm';
import type { PlanLimits, SubscriptionPlan } from '@shared/billing/plans';
import type { Executor, Transaction } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { preparedQuery } from '@server/db/prepared-statement';
import { forbidden, notFound } from '@server/errors';
import { effectivePlanForVendor, planLimitsForVendor } from './plan-limits-for-vendor';

export type VendorRow = typeof vendors.$inferSelect;

/**
 * The plan whose limits bind the vendor now, through billing's one rule (planLimitsForVendor):
 * its own plan while the subscription is active or past due, starter otherwise.
 */
export function planOf(vendor: Pick<VendorRow, 'subscriptionPlan' | 'subscriptionStatus'>): {
  plan: SubscriptionPlan;
  limits: PlanLimits;
} {
  return { plan: effectivePlanForVendor(vendor), limits: planLimitsForVendor(vendor) };
}

export const CLOSED_VENDOR_MESSAGE = 'This vendor account is closed. Contact support to reopen it.';

/** Every vendor screen reads its vendor by id first: prepared once (decision 062). */
const vendorById = preparedQuery('vendor_by_id', (db) =>
  db
    .select()
    .from(vendors)
    .where(eq(vendors.id, sql.placeholder('vendorId')))
    .limit(1),
);

export async function loadVendor(db: Executor, vendorId: string): Promise<VendorRow> {
  const [vendor] = await vendorById(db).execute({ vendorId });
  if (!vendor) throw notFound('Vendor not found.');
  return vendor;
}

/**
 * Locks the vendor row for the rest of the transaction and refuses closed vendors. Every change
 * that counts against a plan limit takes this lock first, so two requests cannot both pass the
 * same check.
 */
export async function lockOpenVendor(tx: Transaction, vendorId: string): Promise<VendorRow> {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
  if (!vendor) throw notFound('Vendor not found.');
  if (vendor.closedAt) throw forbidden(CLOSED_VENDOR_MESSAGE);
  return vendor;
}
