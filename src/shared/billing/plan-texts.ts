import { formatNumber } from '@shared/number-format';
import { isUnlimited, PLAN_NAME_KEYS, type PlanId, type SubscriptionPlan } from './plans';

/*
 * How the public pricing page words each plan, as catalogue keys (namespace `pricing`): kept
 * beside plans.ts, whose English they must equal (plan-texts.test.ts), so the page reads in the
 * visitor's language while the server bills by plans.ts.
 */

/** A catalogue lookup by full key ("pricing:plan.starter"): i18next's t, or the English catalogue in tests. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const ANALYTICS_KEYS: Record<SubscriptionPlan['limits']['analytics'], string> = {
  basic: 'pricing:analytics.basic',
  advanced: 'pricing:analytics.advanced',
  premium: 'pricing:analytics.premium',
  enterprise: 'pricing:analytics.enterprise',
};

/**
 * Each plan's name and the lines of its card, as catalogue keys in the order src/shared/plans.ts
 * lists them (a test holds the English to it), so the page reads in the visitor's language.
 */
export const PLAN_TEXT_KEYS: Record<PlanId, { name: string; features: readonly string[] }> = {
  starter: {
    name: PLAN_NAME_KEYS.starter,
    features: [
      'pricing:feature.oneCard',
      'pricing:feature.basicAnalytics',
      'pricing:feature.emailSupport',
      'pricing:feature.standardQr',
    ],
  },
  standard: {
    name: PLAN_NAME_KEYS.standard,
    features: [
      'pricing:feature.fiveCards',
      'pricing:feature.advancedAnalytics',
      'pricing:feature.prioritySupport',
      'pricing:feature.customQr',
      'pricing:feature.dailyChaska',
      'pricing:feature.automations',
      'pricing:feature.twoCampaigns',
    ],
  },
  premium: {
    name: PLAN_NAME_KEYS.premium,
    features: [
      'pricing:feature.fifteenCards',
      'pricing:feature.premiumAnalytics',
      'pricing:feature.roundTheClockSupport',
      'pricing:feature.brandedQr',
      'pricing:feature.dailyAndHourly',
      'pricing:feature.socialMedia',
      'pricing:feature.automations',
      'pricing:feature.eightCampaigns',
    ],
  },
  enterprise: {
    name: PLAN_NAME_KEYS.enterprise,
    features: [
      'pricing:feature.unlimitedCards',
      'pricing:feature.enterpriseAnalytics',
      'pricing:feature.accountManager',
      'pricing:feature.whiteLabelQr',
      'pricing:feature.priorityPlacement',
      'pricing:feature.apiAccess',
      'pricing:feature.customIntegrations',
      'pricing:feature.automations',
      'pricing:feature.unlimitedCampaigns',
    ],
  },
};

/** The limits a pricing card lists, -1 shown as "Unlimited" and numbers in the reader's locale. */
export function planLimitRows(plan: SubscriptionPlan, t: Translate): [string, string][] {
  const { maxCards, maxBranches, maxStampsPerMonth, analytics, campaignsPerMonth, phoneMessagesPerMonth } = plan.limits;
  const count = (limit: number) => (isUnlimited(limit) ? t('pricing:limit.unlimited') : formatNumber(limit));
  return [
    [t('pricing:limit.activeCards'), count(maxCards)],
    [t('pricing:limit.branches'), count(maxBranches)],
    [t('pricing:limit.stampsPerMonth'), count(maxStampsPerMonth)],
    [t('pricing:limit.analytics'), t(ANALYTICS_KEYS[analytics])],
    [
      t('pricing:limit.campaignsPerMonth'),
      campaignsPerMonth === 0 ? t('pricing:limit.none') : count(campaignsPerMonth),
    ],
    [
      t('pricing:limit.phoneMessagesPerMonth'),
      phoneMessagesPerMonth === 0 ? t('pricing:limit.none') : count(phoneMessagesPerMonth),
    ],
  ];
}

/** A plan's name in the reader's language (the catalogue's; plans.ts keeps the English the server bills by). */
export function planName(planId: PlanId, t: Translate): string {
  return t(PLAN_TEXT_KEYS[planId].name);
}
