import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { planButtonKind, type BillingSummary, type PlanButtonKind } from '@shared/billing';
import { formatPKR } from '@shared/money';
import { PLANS, type PlanId } from '@shared/plans';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';

const BUTTON_LABEL: Record<PlanButtonKind, string> = {
  current: 'Current Plan',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  subscribe: 'Subscribe',
};

/** SPEC.md: the first 4 features, then "+N more features". */
const FEATURES_SHOWN = 4;

interface AvailablePlansProps {
  billing: BillingSummary;
  /** The plan whose checkout is being opened, if any. */
  processingPlanId: PlanId | null;
  onChoose(planId: PlanId): void;
}

export function AvailablePlans({ billing, processingPlanId, onChoose }: AvailablePlansProps) {
  const current = { planId: billing.subscription.planId, status: billing.subscription.status };
  return (
    <section aria-labelledby="available-plans-title">
      <h2 id="available-plans-title" className="text-lg font-semibold text-stone-900">
        Available Plans
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => {
          const kind = planButtonKind(current, plan.id);
          const processing = processingPlanId === plan.id;
          const hidden = plan.features.length - FEATURES_SHOWN;
          return (
            <li key={plan.id} className="min-w-0">
              {/* The card's own frame (not <Card>) so that every plan's button sits on the same line. */}
              <article
                aria-label={`${plan.name} plan`}
                className={clsx(
                  'flex h-full flex-col rounded-xl border bg-white p-4 shadow-sm sm:p-6',
                  kind === 'current' ? 'border-brand-300 ring-2 ring-brand-200' : 'border-stone-200',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-base font-semibold text-stone-900">{plan.name}</h3>
                  {kind === 'current' ? <Badge tone="orange">Your plan</Badge> : null}
                </div>
                <p className="mt-2 text-2xl font-bold whitespace-nowrap text-stone-900">{formatPKR(plan.price)}</p>
                <p className="text-sm text-stone-600">per month</p>
                <ul className="mt-4 flex-1 space-y-1.5 text-sm text-stone-700">
                  {plan.features.slice(0, FEATURES_SHOWN).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                      {feature}
                    </li>
                  ))}
                  {hidden > 0 ? <li className="pl-6 text-stone-600">+{hidden} more features</li> : null}
                </ul>
                <Button
                  className="mt-5 w-full"
                  variant={kind === 'upgrade' || kind === 'subscribe' ? 'primary' : 'outline'}
                  disabled={
                    kind === 'current' ||
                    !billing.canManage ||
                    (processingPlanId !== null && !processing) ||
                    // An ending subscription is resumed before its plan changes (decision 022).
                    (kind === 'downgrade' && billing.subscription.cancelAt !== null)
                  }
                  busy={processing}
                  aria-label={
                    processing
                      ? undefined
                      : kind === 'current'
                        ? `${plan.name}: Current Plan`
                        : `${BUTTON_LABEL[kind]} to ${plan.name}`
                  }
                  onClick={() => onChoose(plan.id)}
                >
                  {processing ? 'Processing...' : BUTTON_LABEL[kind]}
                </Button>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
