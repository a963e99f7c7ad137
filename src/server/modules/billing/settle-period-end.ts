import { and, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import { planFor } from '@shared/billing/plans';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import type { Database } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { recordAudit, SYSTEM_ACTOR } from '@server/lib/record-audit';
import { SUBSCRIPTION_CHANGED_ACTION } from './apply-billing-event';
import { queueSettledPeriodEmails, type BillingMail } from './billing-followups';
import type { SettledChange } from './billing-changes';
import { pauseCardsOutsidePlan } from './pause-cards-outside-plan';
import { pauseBranchesOutsidePlan } from './pause-branches-outside-plan';
import { effectivePlanForVendor } from '@server/modules/billing/plan-limits-for-vendor';

/** Vendors whose paid period is over with a cancellation or a downgrade waiting for it. */
function dueCondition(now: Date) {
  return and(
    inArray(vendors.subscriptionStatus, ['active', 'past_due']),
    or(
      lte(vendors.subscriptionCancelAt, now),
      and(isNotNull(vendors.scheduledPlan), lte(vendors.subscriptionUpdatedAt, now)),
    ),
  );
}

/** Bounded, so one pass never holds the database for long; the next pass takes the rest. */
const SETTLE_BATCH = 100;

/**
 * The end of a paid period, at `now` (the app's clock, never the wall clock): a subscription
 * cancelled at period end lapses to canceled (starter limits), a scheduled downgrade becomes the
 * plan. Either way the cards the new binding plan does not cover are paused by the one rule
 * (pauseCardsOutsidePlan) and the change is audited like a webhook's, so the billing page's notice
 * names the paused cards, and the owners' e-mail about them is written with it. Run by the
 * housekeeping job, and for one vendor when its billing is read.
 */
export async function settleEndedPeriods(
  db: Database,
  mail: BillingMail,
  now: Date,
  vendorId?: string,
): Promise<SettledChange[]> {
  const due = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(vendorId ? and(eq(vendors.id, vendorId), dueCondition(now)) : dueCondition(now))
    .limit(SETTLE_BATCH);
  const changes: SettledChange[] = [];
  for (const { id } of due) {
    const change = await db.transaction(async (tx): Promise<SettledChange | null> => {
      const [vendor] = await tx
        .select()
        .from(vendors)
        .where(and(eq(vendors.id, id), dueCondition(now)))
        .for('update');
      if (!vendor) return null;
      const lapses = vendor.subscriptionCancelAt !== null && vendor.subscriptionCancelAt <= now;
      const fromPlan = effectivePlanForVendor(vendor);
      const fromStatus = normalizeSubscriptionStatus(vendor.subscriptionStatus);
      const update = lapses
        ? {
            subscriptionStatus: 'canceled' as const,
            subscriptionUpdatedAt: null,
            subscriptionCancelAt: null,
            scheduledPlan: null,
            updatedAt: now,
          }
        : {
            subscriptionPlan: planFor(vendor.scheduledPlan).id,
            planLimits: planFor(vendor.scheduledPlan).limits,
            scheduledPlan: null,
            updatedAt: now,
          };
      await tx.update(vendors).set(update).where(eq(vendors.id, id));
      const toPlan = effectivePlanForVendor({
        subscriptionPlan: update.subscriptionPlan ?? vendor.subscriptionPlan,
        subscriptionStatus: update.subscriptionStatus ?? vendor.subscriptionStatus,
      });
      const pausedCards = fromPlan.id !== toPlan.id ? await pauseCardsOutsidePlan(tx, id, toPlan.limits, now) : [];
      // Its branches too, as cards (decision 084): the newest beyond maxBranches are paused.
      const pausedBranches =
        fromPlan.id !== toPlan.id ? await pauseBranchesOutsidePlan(tx, id, toPlan.limits, now) : [];
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: SUBSCRIPTION_CHANGED_ACTION,
        targetType: 'vendor',
        targetId: id,
        vendorId: id,
        metadata: {
          reason: lapses ? 'period_end_cancellation' : 'period_end_downgrade',
          fromPlan: fromPlan.id,
          toPlan: toPlan.id,
          fromStatus,
          toStatus: lapses ? 'canceled' : fromStatus,
          pausedCards,
          pausedBranches,
        },
      });
      const change: SettledChange = {
        vendorId: id,
        kind: lapses ? 'lapsed' : 'downgraded',
        fromPlan,
        toPlan,
        pausedCards,
      };
      await queueSettledPeriodEmails(tx, mail, change);
      return change;
    });
    if (change) changes.push(change);
  }
  return changes;
}
