import { clsx } from 'clsx';
import { useTranslation } from '@client/lib/translation';
import { Check } from 'lucide-react';
import type { BillingSummary } from '@shared/billing/billing';
import { formatPKR } from '@shared/number-format';
import { PLANS, type PlanId } from '@shared/billing/plans';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';
import { FEATURES_SHOWN, planButton } from './plan-button';

interface AvailablePlansProps {
  billing: BillingSummary;
  /** The plan whose checkout is being opened, if any. */
  processingPlanId: PlanId | null;
  onChoose(planId: PlanId): void;
}

export function AvailablePlans({ billing, processingPlanId, onChoose }: AvailablePlansProps) {
  const { t } = useTranslation('vendor');
  const plans = usePlanTexts();
  return (
    <section aria-labelledby="available-plans-title">
      <h2 id="available-plans-title" className="text-lg font-semibold text-stone-900">
        {t('vendor:plans.title')}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => {
          const name = plans.name(plan.id);
          const features = plans.features(plan.id);
          const button = planButton(billing, { id: plan.id, name }, processingPlanId, plans.t);
          const kind = button.kind;
          const hidden = features.length - FEATURES_SHOWN;
          return (
            <li key={plan.id} className="min-w-0">
              {/* The card's own frame (not <Card>) so that every plan's button sits on the same line. */}
              <article
                aria-label={t('vendor:plans.planLabel', { plan: name })}
                className={clsx(
                  'flex h-full flex-col rounded-xl border bg-white p-4 shadow-sm sm:p-6',
                  kind === 'current' ? 'border-brand-300 ring-2 ring-brand-200' : 'border-stone-200',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-base font-semibold text-stone-900">{name}</h3>
                  {kind === 'current' ? <Badge tone="orange">{t('vendor:plans.yours')}</Badge> : null}
                </div>
                <p className="mt-2 text-2xl font-bold whitespace-nowrap text-stone-900">{formatPKR(plan.price)}</p>
                <p className="text-sm text-stone-600">{t('vendor:plans.perMonth')}</p>
                <ul className="mt-4 flex-1 space-y-1.5 text-sm text-stone-700">
                  {features.slice(0, FEATURES_SHOWN).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                      {feature}
                    </li>
                  ))}
                  {hidden > 0 ? (
                    <li className="ps-6 text-stone-600">{t('vendor:plans.more', { count: hidden })}</li>
                  ) : null}
                </ul>
                <Button
                  className="mt-5 w-full"
                  variant={button.variant}
                  disabled={button.disabled}
                  busy={button.busy}
                  aria-label={button.ariaLabel}
                  onClick={() => onChoose(plan.id)}
                >
                  {button.label}
                </Button>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
