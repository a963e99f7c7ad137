import { featureNeedsPlanMessage, PLANS, type SubscriptionPlan } from '@shared/billing/plans';
import { API_ACCESS_BILLING_PATH } from '@shared/api/vendor-api';
import { vendors } from '@server/db/schema';
import { forbidden, planRequired, type AppError } from '@server/errors';
import { planLimitsForVendor, type VendorSubscriptionFields } from './plan-limits-for-vendor';

/** The cheapest plan with API access: what the refusal names. */
export function cheapestPlanWithApiAccess(): SubscriptionPlan {
  return PLANS.find((plan) => plan.limits.apiAccess) ?? (PLANS[PLANS.length - 1] as SubscriptionPlan);
}

/** "This feature needs the Enterprise plan." */
export function apiAccessLockedMessage(): string {
  return featureNeedsPlanMessage(cheapestPlanWithApiAccess());
}

export interface ApiVendorFields extends VendorSubscriptionFields {
  businessName: string;
  status: string;
  closedAt: Date | null;
}

/** The vendor's columns apiAccessRefusal reads: select these wherever a request or delivery is judged. */
export const apiVendorColumns = {
  businessName: vendors.businessName,
  status: vendors.status,
  closedAt: vendors.closedAt,
  subscriptionPlan: vendors.subscriptionPlan,
  subscriptionStatus: vendors.subscriptionStatus,
} as const;

/**
 * The one rule of who may use the vendor API and its webhooks (decision 035): an approved vendor
 * that has not closed its account, on a plan with API access (planLimitsForVendor: a canceled
 * Enterprise plan no longer counts). Null when allowed; otherwise the 403 to answer, which for a
 * plan below names the plan and where to upgrade.
 */
export function apiAccessRefusal(vendor: ApiVendorFields, publicUrl: string): AppError | null {
  if (vendor.closedAt)
    return forbidden(
      `${vendor.businessName} has closed its account, so its API keys no longer work.`,
      'vendor_unavailable',
    );
  if (vendor.status === 'suspended')
    return forbidden(
      `${vendor.businessName} is suspended, so its API keys do not work. Please contact support.`,
      'vendor_unavailable',
    );
  if (vendor.status !== 'approved')
    return forbidden(`${vendor.businessName} is not approved yet, so its API keys do not work.`, 'vendor_unavailable');
  if (!planLimitsForVendor(vendor).apiAccess)
    return planRequired(
      `${apiAccessLockedMessage()} Upgrade on Billing: ${new URL(API_ACCESS_BILLING_PATH, publicUrl).href}`,
    );
  return null;
}
