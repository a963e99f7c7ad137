import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BILLING_MESSAGES, isSubscriptionInGoodStanding, type DowngradePreview } from '@shared/billing/billing';
import { formatLongDate } from '@shared/pakistan-time';
import { planFor, type PlanId } from '@shared/billing/plans';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import type { Database, Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { badGateway, conflict, invalidFields } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { ProviderUnsupportedError, type PaymentProvider } from './payment-provider';
import { previewCardsOutsidePlan } from './pause-cards-outside-plan';
import { loadVendor } from '@server/modules/billing/vendor-plan';

type VendorRow = typeof vendors.$inferSelect;

export const NO_SUBSCRIPTION_MESSAGE = 'There is no running subscription to change. Choose a plan to subscribe.';
export const PROVIDER_FAILED_MESSAGE =
  'The payment provider could not make this change. Nothing was changed; please try again.';

/** A subscription the provider can act on: paid up or in its grace period, with the provider's id. */
function runningSubscription(vendor: VendorRow): string {
  const status = normalizeSubscriptionStatus(vendor.subscriptionStatus);
  if (!isSubscriptionInGoodStanding(status) || !vendor.subscriptionReference)
    throw conflict(NO_SUBSCRIPTION_MESSAGE, 'no_subscription');
  return vendor.subscriptionReference;
}

/** Calls the provider; its refusals and outages become one message that says nothing changed. */
async function askProvider(log: FastifyBaseLogger, what: string, call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ProviderUnsupportedError) throw conflict(error.message, 'provider_unsupported');
    log.error({ err: error, what }, 'Payment provider refused a subscription change');
    throw badGateway(PROVIDER_FAILED_MESSAGE, 'provider_failed');
  }
}

export type ChangeOutcome = 'requested' | 'unchanged';

/**
 * Cancel: the provider stops renewing at the end of the paid period and confirms with a webhook,
 * which (and only which) sets subscription_cancel_at. Asking again while one is scheduled is a
 * no-op. No row lock is held while the provider is called: its webhook needs the vendor row.
 */
export async function cancelAtPeriodEnd(
  db: Database,
  provider: PaymentProvider,
  input: { vendorId: string; actor: AuditActor; log: FastifyBaseLogger },
): Promise<ChangeOutcome> {
  const vendor = await loadVendor(db, input.vendorId);
  const reference = runningSubscription(vendor);
  if (vendor.subscriptionCancelAt) return 'unchanged';
  await askProvider(input.log, 'cancel', () => provider.cancelSubscription(reference, { atPeriodEnd: true }));
  await recordAudit(db, {
    actor: input.actor,
    action: 'billing.cancel_requested',
    targetType: 'vendor',
    targetId: vendor.id,
    vendorId: vendor.id,
  });
  return 'requested';
}

/** Resume: undoes a scheduled cancellation (through the provider and its webhook) or a scheduled downgrade. */
export async function resumeSubscription(
  db: Database,
  provider: PaymentProvider,
  input: { vendorId: string; actor: AuditActor; log: FastifyBaseLogger; now: Date },
): Promise<ChangeOutcome> {
  const vendor = await loadVendor(db, input.vendorId);
  const reference = runningSubscription(vendor);
  if (!vendor.subscriptionCancelAt && !vendor.scheduledPlan) return 'unchanged';
  if (vendor.subscriptionCancelAt) {
    await askProvider(input.log, 'resume', () => provider.resumeSubscription(reference));
  }
  if (vendor.scheduledPlan) {
    await askProvider(input.log, 'keep plan', () =>
      provider.schedulePlanChange(reference, planFor(vendor.subscriptionPlan)),
    );
    await db.update(vendors).set({ scheduledPlan: null, updatedAt: input.now }).where(eq(vendors.id, vendor.id));
  }
  await recordAudit(db, {
    actor: input.actor,
    action: 'billing.resume_requested',
    targetType: 'vendor',
    targetId: vendor.id,
    vendorId: vendor.id,
  });
  return 'requested';
}

/** The plan must be a cheaper one than the running subscription's, which must not be ending. */
function downgradeTarget(vendor: VendorRow, planId: PlanId) {
  const current = planFor(vendor.subscriptionPlan);
  const target = planFor(planId);
  if (target.price >= current.price) {
    throw invalidFields(`${target.name} is not a lower plan than ${current.name}.`, {
      planId: 'Choose a plan that costs less than your current plan.',
    });
  }
  if (vendor.subscriptionCancelAt) {
    throw conflict(
      `Your subscription ends on ${formatLongDate(vendor.subscriptionCancelAt)}. Resume it before choosing another plan.`,
      'subscription_ending',
    );
  }
  return target;
}

/** What a downgrade would pause, before the owner confirms it. */
export async function previewDowngrade(db: Executor, vendorId: string, planId: PlanId): Promise<DowngradePreview> {
  const vendor = await loadVendor(db, vendorId);
  runningSubscription(vendor);
  const target = downgradeTarget(vendor, planId);
  const pausedCards = await previewCardsOutsidePlan(db, vendorId, target.limits);
  return {
    planId: target.id,
    planName: target.name,
    effectiveAt: vendor.subscriptionUpdatedAt?.toISOString() ?? null,
    pausedCards: pausedCards.map(({ id, name, reason }) => ({ id, name, reason })),
  };
}

/**
 * Downgrade: the lower plan starts at the end of the paid period (decision 022). The provider is
 * told to charge the lower price from the next renewal; Chaska keeps the choice and applies it when
 * the period ends (settleEndedPeriods), where the card-pausing rule runs.
 */
export async function scheduleDowngrade(
  db: Database,
  provider: PaymentProvider,
  input: { vendorId: string; planId: unknown; actor: AuditActor; log: FastifyBaseLogger; now: Date },
): Promise<ChangeOutcome> {
  const plan = typeof input.planId === 'string' ? planFor(input.planId) : null;
  if (!plan || plan.id !== input.planId)
    throw invalidFields(BILLING_MESSAGES.invalidPlan, { planId: BILLING_MESSAGES.invalidPlan });
  const vendor = await loadVendor(db, input.vendorId);
  const reference = runningSubscription(vendor);
  const target = downgradeTarget(vendor, plan.id);
  if (vendor.scheduledPlan === target.id) return 'unchanged';
  await askProvider(input.log, 'downgrade', () => provider.schedulePlanChange(reference, target));
  await db.update(vendors).set({ scheduledPlan: target.id, updatedAt: input.now }).where(eq(vendors.id, vendor.id));
  await recordAudit(db, {
    actor: input.actor,
    action: 'billing.downgrade_scheduled',
    targetType: 'vendor',
    targetId: vendor.id,
    vendorId: vendor.id,
    metadata: { fromPlan: vendor.subscriptionPlan, toPlan: target.id },
  });
  return 'requested';
}

/**
 * Close Account ends billing at once: the provider cancels now (no further charge), before the
 * account is closed, so a provider that refuses leaves the account open. Returns the columns the
 * closing transaction sets, so the billing page and the admin see the subscription canceled even
 * before the provider's webhook arrives.
 */
export async function endBillingForClosedAccount(
  db: Executor,
  provider: PaymentProvider,
  vendorId: string,
  log: FastifyBaseLogger,
) {
  const vendor = await loadVendor(db, vendorId);
  const status = normalizeSubscriptionStatus(vendor.subscriptionStatus);
  if (isSubscriptionInGoodStanding(status) && vendor.subscriptionReference) {
    const reference = vendor.subscriptionReference;
    await askProvider(log, 'cancel on close', () => provider.cancelSubscription(reference, { atPeriodEnd: false }));
  }
  return isSubscriptionInGoodStanding(status)
    ? {
        subscriptionStatus: 'canceled' as const,
        subscriptionUpdatedAt: null,
        subscriptionCancelAt: null,
        scheduledPlan: null,
      }
    : { subscriptionCancelAt: null, scheduledPlan: null };
}
