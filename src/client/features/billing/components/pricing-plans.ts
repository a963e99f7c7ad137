import type { Me } from '@shared/accounts';
import { isUnlimited, type SubscriptionPlan } from '@shared/plans';

const numberFormat = new Intl.NumberFormat('en-PK');

const ANALYTICS_LABELS: Record<SubscriptionPlan['limits']['analytics'], string> = {
  basic: 'Basic',
  advanced: 'Advanced',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

/** The limits a pricing card lists, -1 shown as "Unlimited". */
export function planLimitRows(plan: SubscriptionPlan): [string, string][] {
  const { maxCards, maxStampsPerMonth, analytics, campaignsPerMonth } = plan.limits;
  return [
    ['Active cards', isUnlimited(maxCards) ? 'Unlimited' : numberFormat.format(maxCards)],
    ['Stamps per month', isUnlimited(maxStampsPerMonth) ? 'Unlimited' : numberFormat.format(maxStampsPerMonth)],
    ['Analytics', ANALYTICS_LABELS[analytics]],
    [
      'Campaigns per month',
      isUnlimited(campaignsPerMonth)
        ? 'Unlimited'
        : campaignsPerMonth === 0
          ? 'None'
          : numberFormat.format(campaignsPerMonth),
    ],
  ];
}

/** Where "Choose plan" leads: a vendor's member to the billing page, anyone else to the vendor application first. */
export function choosePlanPath(user: Pick<NonNullable<Me['user']>, 'membership'> | null | undefined): string {
  return user?.membership ? '/vendor/billing' : '/vendor-signup';
}
