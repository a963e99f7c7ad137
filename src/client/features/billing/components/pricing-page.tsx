import { Check } from 'lucide-react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { formatPKR } from '@shared/number-format';
import { PLAN_TEXT_KEYS, planLimitRows } from '@shared/billing/plan-texts';
import { PLANS, type SubscriptionPlan } from '@shared/billing/plans';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { PageHeader } from '@client/components/ui/page-header';
import '@client/lib/pricing-texts';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSession } from '@client/lib/use-session';
import { choosePlanPath } from './pricing-plans';

function PlanCard({ plan, choosePath }: { plan: SubscriptionPlan; choosePath: string }) {
  const { t } = useTranslation('pricing');
  const titleId = `plan-${plan.id}`;
  const texts = PLAN_TEXT_KEYS[plan.id];
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id={titleId} className="text-xl font-bold text-stone-900">
        {t(texts.name)}
      </h2>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1">
        <span className="text-3xl font-extrabold text-stone-900">{formatPKR(plan.price)}</span>
        <span className="text-sm whitespace-nowrap text-stone-600">{t('pricing:perMonth')}</span>
      </p>
      <dl className="mt-4 divide-y divide-stone-200 rounded-xl bg-stone-50 px-3 text-sm ring-1 ring-stone-200">
        {planLimitRows(plan, t).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-2">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-semibold text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-stone-800">
        {texts.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            {t(feature)}
          </li>
        ))}
      </ul>
      <Button asChild className="mt-6 w-full">
        <Link to={choosePath} aria-describedby={titleId}>
          {t('pricing:choosePlan')}
        </Link>
      </Button>
    </article>
  );
}

/** SPEC.md section 9's four plans; vendors choose on their billing page, everyone else applies first. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  useDocumentTitle(t('pricing:title'));
  const { user } = useSession();
  const choosePath = choosePlanPath(user);
  return (
    <PageContainer>
      <PageHeader title={t('pricing:title')} description={t('pricing:description')} />
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} choosePath={choosePath} />
        ))}
      </div>
      <p className="mt-8 text-sm text-stone-600">
        <Trans
          i18nKey="pricing:footnote"
          components={{
            support: <Link to="/support" className="font-semibold text-brand-700 underline hover:text-brand-800" />,
          }}
        />
      </p>
    </PageContainer>
  );
}
