import { planButtonKind, type BillingSummary, type PlanButtonKind } from '@shared/billing/billing';
import type { PlanId } from '@shared/billing/plans';
import type { Translate } from '@shared/billing/plan-texts';

/** Each move's words (SPEC.md's in English): on the button, and spoken with the plan's name. */
const BUTTON_KEYS: Record<PlanButtonKind, { label: string; spoken: string }> = {
  current: { label: 'vendor:plans.current', spoken: 'vendor:plans.currentSpoken' },
  upgrade: { label: 'vendor:plans.upgrade', spoken: 'vendor:plans.upgradeSpoken' },
  downgrade: { label: 'vendor:plans.downgrade', spoken: 'vendor:plans.downgradeSpoken' },
  subscribe: { label: 'vendor:plans.subscribe', spoken: 'vendor:plans.subscribeSpoken' },
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
  plan: { id: PlanId; /** In the reader's language. */ name: string },
  processingPlanId: PlanId | null,
  t: Translate,
): PlanButton {
  const kind = planButtonKind({ planId: billing.subscription.planId, status: billing.subscription.status }, plan.id);
  const processing = processingPlanId === plan.id;
  return {
    kind,
    label: t(processing ? 'vendor:plans.processing' : BUTTON_KEYS[kind].label),
    ariaLabel: processing ? undefined : t(BUTTON_KEYS[kind].spoken, { plan: plan.name }),
    variant: kind === 'upgrade' || kind === 'subscribe' ? 'primary' : 'outline',
    disabled:
      kind === 'current' ||
      !billing.canManage ||
      (processingPlanId !== null && !processing) ||
      (kind === 'downgrade' && billing.subscription.cancelAt !== null),
    busy: processing,
  };
}
