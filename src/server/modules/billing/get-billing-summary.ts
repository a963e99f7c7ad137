import { and, desc, eq } from 'drizzle-orm';
import {
  billingInformationSchema,
  isSubscriptionInGoodStanding,
  type BillingSummary,
  type PlanChangeNotice,
} from '@shared/billing/billing';
import { planFor } from '@shared/billing/plans';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { auditLog } from '@server/db/schema';
import { SUBSCRIPTION_CHANGED_ACTION } from './apply-billing-event';
import type { PaymentProvider } from './payment-provider';
import { effectivePlanForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { countPlanUsage } from '@server/modules/billing/plan-usage';
import { loadVendor } from '@server/modules/billing/vendor-plan';

/** The latest subscription change, when it paused cards: shown until the next change. */
async function latestPlanChangeNotice(db: Executor, vendorId: string): Promise<PlanChangeNotice | null> {
  const [latest] = await db
    .select({ metadata: auditLog.metadata, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.vendorId, vendorId), eq(auditLog.action, SUBSCRIPTION_CHANGED_ACTION)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  const paused = latest?.metadata.pausedCards;
  if (!latest || !Array.isArray(paused) || paused.length === 0) return null;
  return {
    fromPlanName: planFor(String(latest.metadata.fromPlan)).name,
    toPlanName: planFor(String(latest.metadata.toPlan)).name,
    pausedCards: paused.map((card: { id?: unknown; name?: unknown }) => ({
      id: String(card.id),
      name: String(card.name),
    })),
    at: latest.createdAt.toISOString(),
  };
}

export async function getBillingSummary(
  db: Executor,
  vendorId: string,
  options: { canManage: boolean; provider: PaymentProvider; now: Date },
): Promise<BillingSummary> {
  const vendor = await loadVendor(db, vendorId);
  const status = normalizeSubscriptionStatus(vendor.subscriptionStatus);
  const live = isSubscriptionInGoodStanding(status);
  const plan = planFor(vendor.subscriptionPlan);
  const limitsPlan = effectivePlanForVendor(vendor);
  const [usage, notice] = await Promise.all([
    countPlanUsage(db, vendor.id, options.now),
    latestPlanChangeNotice(db, vendor.id),
  ]);
  const information = vendor.billingDetails ? billingInformationSchema.safeParse(vendor.billingDetails) : null;
  const described = options.provider.describe();
  return {
    subscription: {
      planId: plan.id,
      planName: plan.name,
      price: plan.price,
      status,
      // Without a live subscription, or with one that ends, there is no next billing date (SPEC.md: N/A).
      nextBillingDate:
        live && !vendor.subscriptionCancelAt ? (vendor.subscriptionUpdatedAt?.toISOString() ?? null) : null,
      features: plan.features,
      cancelAt: live ? (vendor.subscriptionCancelAt?.toISOString() ?? null) : null,
      scheduledPlan:
        live && vendor.scheduledPlan
          ? {
              planId: planFor(vendor.scheduledPlan).id,
              planName: planFor(vendor.scheduledPlan).name,
              startsAt: vendor.subscriptionUpdatedAt?.toISOString() ?? null,
            }
          : null,
    },
    limits: { planId: limitsPlan.id, ...limitsPlan.limits },
    usage: {
      activeCards: usage.activeCards,
      stampsThisMonth: usage.stampsThisMonth,
      monthStartsAt: usage.monthStartsAt.toISOString(),
    },
    canManage: options.canManage,
    billingInformation:
      options.canManage && information?.success && Object.keys(information.data).length > 0 ? information.data : null,
    notice,
    provider: { id: described.id, name: described.name },
  };
}
