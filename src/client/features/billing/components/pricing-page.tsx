import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { formatPKR } from '@shared/money';
import { PLANS, type SubscriptionPlan } from '@shared/plans';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSession } from '@client/lib/use-session';
import { choosePlanPath, planLimitRows } from './pricing-plans';

function PlanCard({ plan, choosePath }: { plan: SubscriptionPlan; choosePath: string }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id={titleId} className="text-xl font-bold text-stone-900">
        {plan.name}
      </h2>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1">
        <span className="text-3xl font-extrabold text-stone-900">{formatPKR(plan.price)}</span>
        <span className="text-sm whitespace-nowrap text-stone-600">/ month</span>
      </p>
      <dl className="mt-4 divide-y divide-stone-200 rounded-xl bg-stone-50 px-3 text-sm ring-1 ring-stone-200">
        {planLimitRows(plan).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-2">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-semibold text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-stone-800">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            {feature}
          </li>
        ))}
      </ul>
      <Button asChild className="mt-6 w-full">
        <Link to={choosePath} aria-describedby={titleId}>
          Choose plan
        </Link>
      </Button>
    </article>
  );
}

/** SPEC.md section 9's four plans; vendors choose on their billing page, everyone else applies first. */
export function PricingPage() {
  useDocumentTitle('Pricing');
  const { user } = useSession();
  const choosePath = choosePlanPath(user);
  return (
    <PageContainer>
      <PageHeader
        title="Pricing"
        description={`Monthly plans for vendors, priced in PKR. Customers use ${BRAND.name} for free.`}
      />
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} choosePath={choosePath} />
        ))}
      </div>
      <p className="mt-8 text-sm text-stone-600">
        New vendors start on the Starter plan once their application is approved, and can change plan at any time.
        Questions?{' '}
        <Link to="/support" className="font-semibold text-brand-700 underline hover:text-brand-800">
          Contact support
        </Link>
        .
      </p>
    </PageContainer>
  );
}
