import { useTranslation } from '@client/lib/translation';
import '@client/lib/pricing-texts';
import { effectivePlanFor, isSubscriptionInGoodStanding, type BillingSummary } from '@shared/billing/billing';
import { formatPKR } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import { PLAN_TEXT_KEYS, planName, type Translate } from '@shared/billing/plan-texts';
import type { PlanId } from '@shared/billing/plans';
import type { SubscriptionStatus } from '@shared/vendors/vendors';

const STATUS_KEYS: Record<SubscriptionStatus, string> = {
  active: 'vendor:subscriptionStatus.active',
  past_due: 'vendor:subscriptionStatus.pastDue',
  canceled: 'vendor:subscriptionStatus.canceled',
  inactive: 'vendor:subscriptionStatus.inactive',
};

export interface PlanTexts {
  t: Translate;
  /** The plan's name in the reader's language. */
  name(planId: PlanId): string;
  /** The lines of the plan's card, in the order plans.ts lists them. */
  features(planId: PlanId): string[];
  status(status: SubscriptionStatus): string;
  /**
   * The one line that says what the owner has and whether anything is due: "Starter · free ·
   * nothing due", "Standard · paid until 29 December 2026 · next charge Rs 5,000 on 29 December
   * 2026", "Premium · Cancels on 24 December 2026", "Premium · Moves to Standard on 24 December 2026".
   */
  statusLine(subscription: BillingSummary['subscription']): string;
}

/**
 * Plans as the reader's catalogue words them, on every screen that names one (billing, the
 * dashboard's plan banner, the admin's vendor pages): the server sends plan ids and bills by
 * plans.ts, whose English the catalogue keeps word for word (plan-texts.test.ts).
 */
export function usePlanTexts(): PlanTexts {
  // Plan names and features are the pricing page's texts: loaded here on screens that name a plan.
  const { t } = useTranslation(['vendor', 'pricing']);
  const translate: Translate = (key, values) => t(key, values);
  const name = (planId: PlanId) => planName(planId, translate);
  const status = (value: SubscriptionStatus) => translate(STATUS_KEYS[value]);
  return {
    t: translate,
    name,
    features: (planId) => PLAN_TEXT_KEYS[planId].features.map((key) => translate(key)),
    status,
    statusLine(subscription) {
      // Without a live subscription the owner has Starter's limits, for nothing (billing.ts).
      if (!isSubscriptionInGoodStanding(subscription.status)) {
        return translate('vendor:subscription.lineFree', {
          plan: name(effectivePlanFor(subscription.planId, subscription.status).id),
        });
      }
      const plan = name(subscription.planId);
      if (subscription.cancelAt) {
        return translate('vendor:subscription.lineCancels', { plan, date: formatLongDate(subscription.cancelAt) });
      }
      if (subscription.scheduledPlan) {
        return translate('vendor:subscription.lineMoves', {
          plan,
          next: name(subscription.scheduledPlan.planId),
          date: formatLongDate(subscription.scheduledPlan.startsAt),
        });
      }
      if (subscription.nextBillingDate) {
        const date = formatLongDate(subscription.nextBillingDate);
        return translate(
          subscription.status === 'past_due' ? 'vendor:subscription.linePastDue' : 'vendor:subscription.linePaid',
          { plan, date, price: formatPKR(subscription.price) },
        );
      }
      return translate('vendor:subscription.lineActive', {
        plan,
        status: status(subscription.status),
        price: formatPKR(subscription.price),
      });
    },
  };
}
