import { Check } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { isSubscriptionInGoodStanding, type BillingSummary } from '@shared/billing/billing';
import { formatPKR } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import type { AnalyticsLevel } from '@shared/billing/plans';
import { Card } from '@client/components/ui/card';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import { UsageMeter } from './usage-meter';

/** The level as the plan table names it (lower case, capitalised on screen). */
const LEVEL_KEYS: Record<AnalyticsLevel, string> = {
  basic: 'vendor:subscription.level.basic',
  advanced: 'vendor:subscription.level.advanced',
  premium: 'vendor:subscription.level.premium',
  enterprise: 'vendor:subscription.level.enterprise',
};

function isAnalyticsLevel(level: string): level is AnalyticsLevel {
  return Object.hasOwn(LEVEL_KEYS, level);
}

export function CurrentSubscription({ billing }: { billing: BillingSummary }) {
  const { t } = useTranslation('vendor');
  const plans = usePlanTexts();
  const { subscription, limits, usage } = billing;
  const limitedByStarter = limits.planId !== subscription.planId;
  const live = isSubscriptionInGoodStanding(subscription.status);
  return (
    <Card title={t('vendor:subscription.title')} aria-label={t('vendor:subscription.title')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-2xl font-bold text-stone-900">{plans.name(subscription.planId)}</p>
            <SubscriptionStatusBadge status={subscription.status} />
          </div>
          {/* A plan paid for has its price; without a subscription the line below says it is free. */}
          {live ? (
            <p className="mt-1 text-stone-700">
              <span className="text-lg font-semibold text-stone-900">{formatPKR(subscription.price)}</span>{' '}
              {t('vendor:subscription.perMonth')}
            </p>
          ) : null}
          {/* What the owner has and whether anything is due, or when an ending or changing plan ends. */}
          <p className="mt-1 text-sm font-medium text-stone-800">{plans.statusLine(subscription)}</p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">{t('vendor:subscription.nextBilling')}</dt>
            <dd className="font-medium text-stone-900">{formatLongDate(subscription.nextBillingDate)}</dd>
            {subscription.cancelAt ? (
              <>
                <dt className="text-stone-600">{t('vendor:subscription.planEnds')}</dt>
                <dd className="font-medium text-stone-900">{formatLongDate(subscription.cancelAt)}</dd>
              </>
            ) : null}
            <dt className="text-stone-600">{t('vendor:subscription.analytics')}</dt>
            <dd className="font-medium text-stone-900 capitalize">
              {isAnalyticsLevel(limits.analytics) ? t(LEVEL_KEYS[limits.analytics]) : limits.analytics}
            </dd>
          </dl>
          <h3 className="mt-5 text-sm font-semibold text-stone-900">{t('vendor:subscription.features')}</h3>
          <ul className="mt-2 space-y-1.5 text-sm text-stone-700">
            {plans.features(subscription.planId).map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0 space-y-5 rounded-xl bg-stone-50 p-4 sm:p-5">
          <h3 className="text-sm font-semibold text-stone-900">{t('vendor:subscription.usage')}</h3>
          <UsageMeter label={t('vendor:subscription.activeCards')} used={usage.activeCards} limit={limits.maxCards} />
          <UsageMeter
            label={t('vendor:subscription.stamps')}
            used={usage.stampsThisMonth}
            limit={limits.maxStampsPerMonth}
          />
          {limitedByStarter ? (
            <p className="text-xs text-stone-600">
              {t('vendor:subscription.heldTo', { plan: plans.name(limits.planId) })}
            </p>
          ) : null}
          <p className="text-xs text-stone-600">{t('vendor:subscription.resets')}</p>
        </div>
      </div>
    </Card>
  );
}
