import { and, eq } from 'drizzle-orm';
import { receiptNumberLabel } from '@shared/billing/billing';
import { planFor, type SubscriptionPlan } from '@shared/billing/plans';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import type { Database, Transaction } from '@server/db/client';
import { payments, vendors, webhookEvents } from '@server/db/schema';
import { recordAudit, SYSTEM_ACTOR } from '@server/lib/record-audit';
import type { BillingEvent } from './payment-provider';
import type { ApplyOutcome, PaidReceipt } from './billing-changes';
import { queueBillingEventEmails, type BillingMail } from './billing-followups';
import { pauseCardsOutsidePlan } from './pause-cards-outside-plan';
import { pauseBranchesOutsidePlan } from './pause-branches-outside-plan';
import { effectivePlanForVendor } from '@server/modules/billing/plan-limits-for-vendor';

export const SUBSCRIPTION_CHANGED_ACTION = 'billing.subscription_changed';

type VendorRow = typeof vendors.$inferSelect;

/** The event names the vendor (checkout metadata) or only the subscription; lock that vendor's row. */
async function lockVendor(tx: Transaction, event: BillingEvent): Promise<VendorRow | null> {
  const condition = event.vendorId
    ? eq(vendors.id, event.vendorId)
    : event.reference
      ? eq(vendors.subscriptionReference, event.reference)
      : null;
  if (!condition) return null;
  const [vendor] = await tx.select().from(vendors).where(condition).limit(1).for('update');
  return vendor ?? null;
}

function recordsPayment(event: BillingEvent): boolean {
  if (event.type === 'renewal_paid' || event.type === 'payment_failed') return true;
  return event.type === 'checkout_completed' && event.amount !== null;
}

const PAYMENT_DESCRIPTION: Record<BillingEvent['type'], string> = {
  checkout_completed: 'monthly subscription',
  renewal_paid: 'monthly renewal',
  payment_failed: 'payment failed',
  canceled: 'subscription canceled',
  cancel_scheduled: 'cancellation scheduled',
  resumed: 'subscription resumed',
};

/** The vendor columns an event sets, or null when it leaves the state as it is. */
function stateChangeFor(
  event: BillingEvent,
  vendor: VendorRow,
  plan: SubscriptionPlan,
  now: Date,
): Partial<VendorRow> | null {
  const status = normalizeSubscriptionStatus(vendor.subscriptionStatus);
  switch (event.type) {
    case 'checkout_completed':
    case 'renewal_paid':
      return {
        subscriptionPlan: plan.id,
        subscriptionStatus: 'active',
        subscriptionReference: event.reference ?? vendor.subscriptionReference,
        subscriptionUpdatedAt: event.periodEnd ?? vendor.subscriptionUpdatedAt,
        planLimits: plan.limits,
        billingDetails: event.billingDetails ?? vendor.billingDetails,
        subscriptionEventAt: event.occurredAt,
        // A new subscription starts without the old one's cancellation or downgrade.
        ...(event.type === 'checkout_completed' ? { subscriptionCancelAt: null, scheduledPlan: null } : {}),
        updatedAt: now,
      };
    case 'payment_failed':
      if (status !== 'active' && status !== 'past_due') return null;
      return { subscriptionStatus: 'past_due', subscriptionEventAt: event.occurredAt, updatedAt: now };
    case 'canceled':
      return {
        subscriptionStatus: 'canceled',
        subscriptionUpdatedAt: null,
        subscriptionCancelAt: null,
        scheduledPlan: null,
        subscriptionEventAt: event.occurredAt,
        updatedAt: now,
      };
    case 'cancel_scheduled':
      if (status !== 'active' && status !== 'past_due') return null;
      return {
        subscriptionCancelAt: event.cancelAt ?? vendor.subscriptionUpdatedAt ?? now,
        scheduledPlan: null,
        subscriptionEventAt: event.occurredAt,
        updatedAt: now,
      };
    case 'resumed':
      if (status !== 'active' && status !== 'past_due') return null;
      return { subscriptionCancelAt: null, subscriptionEventAt: event.occurredAt, updatedAt: now };
  }
}

/**
 * Applies one verified provider event, once: the webhook_events insert is the idempotency key,
 * the vendor row is locked, and an event older than the last applied one (or about a subscription
 * the vendor has since replaced) records its payment without touching the subscription's state.
 */
export async function applyBillingEvent(
  db: Database,
  mail: BillingMail,
  { provider, event }: { provider: string; event: BillingEvent },
  now: Date,
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    const outcome = await applyInTransaction(tx, provider, event, now);
    await queueBillingEventEmails(tx, mail, event, outcome);
    return outcome;
  });
}

async function applyInTransaction(
  tx: Transaction,
  provider: string,
  event: BillingEvent,
  now: Date,
): Promise<ApplyOutcome> {
  const inserted = await tx
    .insert(webhookEvents)
    .values({ provider, eventId: event.id, eventType: event.providerType, payload: { ...event } })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (inserted.length === 0) return { outcome: 'duplicate' };
  const markEvent = (status: 'ignored' | 'processed', error: string | null) =>
    tx
      .update(webhookEvents)
      .set({ status, error })
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, event.id)));

  const vendor = await lockVendor(tx, event);
  if (!vendor) {
    await markEvent('ignored', 'No vendor matches this event');
    return { outcome: 'ignored', reason: 'No vendor matches this event' };
  }
  const plan = planFor(event.planId ?? vendor.subscriptionPlan);
  let receipt: PaidReceipt | null = null;
  if (recordsPayment(event)) {
    // Only a checkout's first charge carries an upgrade's credit; it is already off the amount.
    const credit = event.type === 'checkout_completed' ? (event.credit ?? null) : null;
    const [recorded] = await tx
      .insert(payments)
      .values({
        vendorId: vendor.id,
        provider,
        providerReference: event.paymentReference ?? event.id,
        planId: plan.id,
        amount: event.amount ?? Math.max(0, plan.price - (credit?.amount ?? 0)),
        creditAmount: credit?.amount ?? 0,
        creditPlanId: credit?.planId ?? null,
        status: event.type === 'payment_failed' ? 'failed' : 'paid',
        description: `${plan.name} plan, ${PAYMENT_DESCRIPTION[event.type]}`,
        kind: event.type === 'renewal_paid' ? 'renewal' : event.type === 'payment_failed' ? 'failed' : 'subscription',
        periodEnd: event.periodEnd,
        paidAt: event.occurredAt,
      })
      .returning({ receiptNumber: payments.receiptNumber, status: payments.status, amount: payments.amount });
    if (recorded?.status === 'paid')
      receipt = {
        receiptNumber: receiptNumberLabel(recorded.receiptNumber),
        planName: plan.name,
        amount: recorded.amount,
      };
  }

  const olderThanState = vendor.subscriptionEventAt !== null && event.occurredAt < vendor.subscriptionEventAt;
  const aboutReplacedSubscription =
    event.type !== 'checkout_completed' &&
    event.reference !== null &&
    vendor.subscriptionReference !== null &&
    event.reference !== vendor.subscriptionReference;
  const change = olderThanState || aboutReplacedSubscription ? null : stateChangeFor(event, vendor, plan, now);
  if (!change) {
    await markEvent('processed', 'State unchanged: an older event or another subscription');
    return { outcome: 'stale', vendorId: vendor.id, receipt };
  }

  const fromStatus = normalizeSubscriptionStatus(vendor.subscriptionStatus);
  const toStatus = normalizeSubscriptionStatus(change.subscriptionStatus ?? vendor.subscriptionStatus);
  const fromPlan = effectivePlanForVendor(vendor);
  const toPlan = effectivePlanForVendor({
    subscriptionPlan: change.subscriptionPlan ?? vendor.subscriptionPlan,
    subscriptionStatus: toStatus,
  });
  await tx.update(vendors).set(change).where(eq(vendors.id, vendor.id));

  // Another plan now binds the vendor: its active cards must fit it, like any activation would.
  const pausedCards = fromPlan.id !== toPlan.id ? await pauseCardsOutsidePlan(tx, vendor.id, toPlan.limits, now) : [];
  // Its branches too, as cards (decision 084): the newest beyond maxBranches are paused.
  const pausedBranches =
    fromPlan.id !== toPlan.id ? await pauseBranchesOutsidePlan(tx, vendor.id, toPlan.limits, now) : [];

  await recordAudit(tx, {
    actor: SYSTEM_ACTOR,
    action: SUBSCRIPTION_CHANGED_ACTION,
    targetType: 'vendor',
    targetId: vendor.id,
    vendorId: vendor.id,
    metadata: {
      provider,
      eventId: event.id,
      eventType: event.type,
      fromPlan: fromPlan.id,
      toPlan: toPlan.id,
      fromStatus,
      toStatus,
      pausedCards,
      pausedBranches,
    },
  });
  await markEvent('processed', null);
  return { outcome: 'applied', vendorId: vendor.id, receipt, fromPlan, toPlan, toStatus, pausedCards };
}
