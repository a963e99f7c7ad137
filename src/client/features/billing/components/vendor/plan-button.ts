import { planButtonKind, type BillingSummary, type PlanButtonKind } from '@shared/billing';
import type { PlanId, SubscriptionPlan } from '@shared/plans';

const BUTTON_LABEL: Record<PlanButtonKind, string> = {
  current: 'Current Plan',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  subscribe: 'Subscribe',
};

/** SPEC.md: the first 4 features, then "+N more features". */
export const FEATURES_SHOWN = 4;

export interface PlanButton {
  kind: PlanButtonKind;
  label: string;
  /** Spoken name; undefined while the checkout opens (the button says "Processing..."). */
  ariaLabel: string | undefined;
  variant: 'primary' | 'outline';
  disabled: boolean;
  busy: boolean;
}

/**
 * The button of one plan on the billing page: which move it is (planButtonKind, shared with the
 * server's checkout), what it says, and when it cannot be pressed: the current plan, a member
 * who may not manage billing, another plan's checkout opening, or a downgrade while the
 * subscription is ending (it is resumed first, decision 022).
 */
export function planButton(
  billing: Pick<BillingSummary, 'subscription' | 'canManage'>,
  plan: Pick<SubscriptionPlan, 'id' | 'name'>,
  processingPlanId: PlanId | null,
): PlanButton {
  const kind = planButtonKind({ planId: billing.subscription.planId, status: billing.subscription.status }, plan.id);
  const processing = processingPlanId === plan.id;
  return {
    kind,
    label: processing ? 'Processing...' : BUTTON_LABEL[kind],
    ariaLabel: processing
      ? undefined
      : kind === 'current'
        ? `${plan.name}: Current Plan`
        : `${BUTTON_LABEL[kind]} to ${plan.name}`,
    variant: kind === 'upgrade' || kind === 'subscribe' ? 'primary' : 'outline',
    disabled:
      kind === 'current' ||
      !billing.canManage ||
      (processingPlanId !== null && !processing) ||
      (kind === 'downgrade' && billing.subscription.cancelAt !== null),
    busy: processing,
  };
}
