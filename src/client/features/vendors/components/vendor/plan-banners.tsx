import { Link } from 'react-router';
import { ANALYTICS_LEVEL_LABELS } from '@shared/vendor-analytics';
import { isUnlimited } from '@shared/plans';
import type { VendorDashboard } from '@shared/vendor-dashboard';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { wordFor } from '@shared/wording';

function limitText(limit: number, unit: string): string {
  return isUnlimited(limit) ? `Unlimited ${unit}` : `${limit.toLocaleString('en-PK')} ${unit}`;
}

/** SPEC.md: plan name, card limit (or Unlimited), monthly stamp limit, analytics level; Manage Plan on enterprise, else Upgrade Plan. */
export function PlanBanner({ plan, isOwner }: { plan: VendorDashboard['plan']; isOwner: boolean }) {
  return (
    <section
      aria-label="Your plan"
      className="flex flex-col gap-4 rounded-xl bg-gradient-to-r from-brand-800 to-brand-600 p-4 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <p className="text-sm text-brand-100">Current plan</p>
        <p className="text-xl font-bold">{plan.name} Plan</p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-brand-50">
          <li>
            {limitText(
              plan.maxCards,
              isUnlimited(plan.maxCards) ? 'cards' : wordFor(plan.maxCards, 'active card', 'active cards'),
            )}
          </li>
          <li>
            {isUnlimited(plan.maxStampsPerMonth)
              ? 'Unlimited stamps'
              : `${plan.maxStampsPerMonth.toLocaleString('en-PK')} stamps per month`}
          </li>
          <li>{ANALYTICS_LEVEL_LABELS[plan.analytics]} analytics</li>
        </ul>
      </div>
      {isOwner ? (
        <Button asChild variant="outline" className="border-white/40 bg-white text-brand-900 hover:bg-brand-50">
          <Link to="/vendor/billing">{plan.id === 'enterprise' ? 'Manage Plan' : 'Upgrade Plan'}</Link>
        </Button>
      ) : null}
    </section>
  );
}

/** SPEC.md section 8: the yellow banner with each reason, falling back to the short texts. */
export function PlanLimitBanner({ reasons, isOwner }: { reasons: string[]; isOwner: boolean }) {
  if (reasons.length === 0) return null;
  return (
    <Banner
      tone="warning"
      title="Plan Limit Reached"
      action={
        isOwner ? (
          <Button asChild size="sm">
            <Link to="/vendor/billing">Upgrade Plan</Link>
          </Button>
        ) : undefined
      }
    >
      <ul className="flex flex-col gap-0.5">
        {reasons.map((reason) => (
          <li key={reason}>{reason || 'Limit reached'}</li>
        ))}
      </ul>
    </Banner>
  );
}
