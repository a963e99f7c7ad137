import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { effectivePlanFor, GOOD_STANDING_STATUSES } from '@shared/billing/billing';
import {
  DEFAULT_PLAN_ID,
  isUnlimited,
  planFor,
  plansWith,
  type PlanLimits,
  type PlanSwitch,
  type SubscriptionPlan,
} from '@shared/billing/plans';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import { qualified } from '@server/db/qualified';
import { vendors } from '@server/db/schema';
import { serverText } from '@server/lib/texts';

export interface VendorSubscriptionFields {
  subscriptionPlan: string | null;
  subscriptionStatus: string | null;
}

/** The plan whose limits bind this vendor now: its own plan while active or past due, starter otherwise. */
export function effectivePlanForVendor(vendor: VendorSubscriptionFields): SubscriptionPlan {
  return effectivePlanFor(vendor.subscriptionPlan, normalizeSubscriptionStatus(vendor.subscriptionStatus));
}

/**
 * The one home of "which limits apply" (SPEC.md sections 5 and 9). Read from the vendor's current
 * plan, never from the stored plan_limits copy, so a plan change in code applies everywhere. A
 * vendor with no subscription (inactive) or a canceled one is held to starter limits.
 */
export function planLimitsForVendor(vendor: VendorSubscriptionFields): PlanLimits {
  return effectivePlanForVendor(vendor).limits;
}

/** The limits that bind a vendor now, read by its id (starter's for a vendor that is gone). */
export async function planLimitsOfVendor(db: Executor, vendorId: string): Promise<PlanLimits> {
  const [vendor] = await db
    .select({ subscriptionPlan: vendors.subscriptionPlan, subscriptionStatus: vendors.subscriptionStatus })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return planLimitsForVendor(vendor ?? { subscriptionPlan: null, subscriptionStatus: null });
}

/** SPEC.md section 8, counted and in the reader's language: "Plan limit reached. Maximum 1 card allowed." */
export function cardLimitMessage(maxCards: number): string {
  return serverText('vendor:plan.limitCards', { count: maxCards });
}

/** SPEC.md section 8: "Monthly stamp limit reached. Maximum 500 stamps per month." */
export function monthlyStampLimitMessage(limit: number): string {
  return serverText('vendor:plan.limitStamps', { count: limit });
}

/** True when one more is allowed under a limit (-1 is unlimited). */
export function isWithinLimit(limit: number, currentCount: number): boolean {
  return isUnlimited(limit) || currentCount < limit;
}

const literals = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

/**
 * The SQL twin of `planLimitsForVendor(vendor)[capability]` for an on/off capability, on the
 * vendor row `table` of a query: its plan has the capability and its subscription is in good
 * standing (otherwise the starter plan applies). Literal constants, so that a partial index on
 * the same predicate (vendors_priority_placement_idx) can serve it.
 */
export function vendorPlanHas(
  capability: PlanSwitch,
  table: { subscriptionPlan: AnyColumn; subscriptionStatus: AnyColumn } = vendors,
): SQL {
  if (planFor(DEFAULT_PLAN_ID).limits[capability]) return sql`true`;
  return sql`(${qualified(table.subscriptionPlan)} in (${literals(plansWith(capability))}) and ${qualified(table.subscriptionStatus)} in (${literals(GOOD_STANDING_STATUSES)}))`;
}
