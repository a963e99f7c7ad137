import { effectivePlanFor } from '@shared/billing';
import { isUnlimited, type PlanLimits, type SubscriptionPlan } from '@shared/plans';
import { normalizeSubscriptionStatus } from '@shared/vendors';

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

/** True when one more is allowed under a limit (-1 is unlimited). */
export function isWithinLimit(limit: number, currentCount: number): boolean {
  return isUnlimited(limit) || currentCount < limit;
}
