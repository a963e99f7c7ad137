import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { formatNumber } from '@shared/number-format';
import { ANALYTICS_LEVEL_KEYS } from '@shared/analytics/vendor-analytics';
import { isUnlimited } from '@shared/billing/plans';
import type { VendorDashboard } from '@shared/vendors/vendor-dashboard';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';

/** SPEC.md: plan name, card limit (or Unlimited), monthly stamp limit, analytics level; Manage Plan on enterprise, else Upgrade Plan. */
export function PlanBanner({ plan, isOwner }: { plan: VendorDashboard['plan']; isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const plans = usePlanTexts();
  return (
    <section
      aria-label={t('vendor:plan.your')}
      className="flex flex-col gap-4 rounded-xl bg-gradient-to-r from-brand-800 to-brand-600 p-4 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <p className="text-sm text-brand-100">{t('vendor:plan.current')}</p>
        <p className="text-xl font-bold">{t('vendor:plan.name', { plan: plans.name(plan.id) })}</p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-brand-50">
          <li>
            {isUnlimited(plan.maxCards)
              ? t('vendor:plan.unlimitedCards')
              : t('vendor:plan.activeCards', { count: plan.maxCards })}
          </li>
          <li>
            {isUnlimited(plan.maxStampsPerMonth)
              ? t('vendor:plan.unlimitedStamps')
              : t('vendor:plan.stampsPerMonth', { stamps: formatNumber(plan.maxStampsPerMonth) })}
          </li>
          <li>{t('vendor:plan.analytics', { level: t(ANALYTICS_LEVEL_KEYS[plan.analytics]) })}</li>
        </ul>
      </div>
      {isOwner ? (
        <Button asChild variant="outline" className="border-white/40 bg-white text-brand-900 hover:bg-brand-50">
          <Link to="/vendor/billing">
            {plan.id === 'enterprise' ? t('vendor:plan.manage') : t('vendor:plan.upgrade')}
          </Link>
        </Button>
      ) : null}
    </section>
  );
}

/** SPEC.md section 8: the yellow banner with each reason, falling back to the short texts. */
export function PlanLimitBanner({ reasons, isOwner }: { reasons: string[]; isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  if (reasons.length === 0) return null;
  return (
    <Banner
      tone="warning"
      title={t('vendor:plan.limitTitle')}
      action={
        isOwner ? (
          <Button asChild size="sm">
            <Link to="/vendor/billing">{t('vendor:plan.upgrade')}</Link>
          </Button>
        ) : undefined
      }
    >
      <ul className="flex flex-col gap-0.5">
        {reasons.map((reason) => (
          <li key={reason}>{reason || t('vendor:plan.limitFallback')}</li>
        ))}
      </ul>
    </Banner>
  );
}
