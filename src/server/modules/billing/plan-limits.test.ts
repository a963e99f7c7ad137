import { describe, expect, it } from 'vitest';
import { planButtonKind } from '@shared/billing/billing';
import {
  AUTOMATIONS_FEATURE,
  cardTypeLockedMessage,
  cheapestPlanWithCardType,
  PLANS,
  PLAN_IDS,
  planChangeDirection,
  planFor,
} from '@shared/billing/plans';
import { isWithinLimit, planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';

describe('the four plans of SPEC.md section 9', () => {
  it('are starter, standard, premium and enterprise, in rising price order', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
    expect(PLANS.map((plan) => [plan.id, plan.price])).toEqual([
      ['starter', 2500],
      ['standard', 5000],
      ['premium', 10000],
      ['enterprise', 20000],
    ]);
  });

  it('carry the limits of the table, -1 meaning unlimited', () => {
    const every = ['free', 'hot_shot', 'exclusive', 'daily_chaska'];
    expect(Object.fromEntries(PLANS.map((plan) => [plan.id, plan.limits]))).toEqual({
      starter: {
        maxCards: 1,
        maxBranches: 1,
        maxStampsPerMonth: 500,
        analytics: 'basic',
        cardTypes: ['free', 'hot_shot', 'exclusive'],
        apiAccess: false,
        partnerCards: false,
        qrStyle: 'standard',
        hourlyDeals: false,
        socialSharing: false,
        tiers: false,
        priorityPlacement: false,
        automations: false,
        campaignsPerMonth: 0,
        phoneMessagesPerMonth: 0,
      },
      standard: {
        maxCards: 5,
        maxBranches: 3,
        maxStampsPerMonth: 2000,
        analytics: 'advanced',
        cardTypes: every,
        apiAccess: false,
        partnerCards: true,
        qrStyle: 'custom',
        hourlyDeals: false,
        socialSharing: false,
        tiers: false,
        priorityPlacement: false,
        automations: true,
        campaignsPerMonth: 2,
        phoneMessagesPerMonth: 500,
      },
      premium: {
        maxCards: 15,
        maxBranches: 10,
        maxStampsPerMonth: 5000,
        analytics: 'premium',
        cardTypes: every,
        apiAccess: false,
        partnerCards: true,
        qrStyle: 'branded',
        hourlyDeals: true,
        socialSharing: true,
        tiers: true,
        priorityPlacement: false,
        automations: true,
        campaignsPerMonth: 8,
        phoneMessagesPerMonth: 2_000,
      },
      enterprise: {
        maxCards: -1,
        maxBranches: -1,
        maxStampsPerMonth: -1,
        analytics: 'enterprise',
        cardTypes: every,
        apiAccess: true,
        partnerCards: true,
        qrStyle: 'white_label',
        hourlyDeals: true,
        socialSharing: true,
        tiers: true,
        priorityPlacement: true,
        automations: true,
        campaignsPerMonth: -1,
        phoneMessagesPerMonth: 10_000,
      },
    });
    expect(PLANS.map((plan) => plan.features.length)).toEqual([4, 7, 8, 9]);
  });

  it('sell only what their capabilities give', () => {
    for (const plan of PLANS) {
      expect([
        plan.id,
        plan.features.includes('Daily Chaska eligibility') ||
          plan.features.includes('Daily and hourly Chaska') ||
          plan.features.includes('Priority Chaska placement'),
      ]).toEqual([plan.id, plan.limits.cardTypes.includes('daily_chaska')]);
      expect([plan.id, plan.features.includes('API access')]).toEqual([plan.id, plan.limits.apiAccess]);
      expect([plan.id, plan.features.includes(AUTOMATIONS_FEATURE)]).toEqual([plan.id, plan.limits.automations]);
      const qrFeature = {
        standard: 'Standard QR codes',
        custom: 'Custom QR codes',
        branded: 'Branded QR codes',
        white_label: 'White-label QR codes',
      }[plan.limits.qrStyle];
      expect([plan.id, plan.features.includes(qrFeature)]).toEqual([plan.id, true]);
    }
    expect(cheapestPlanWithCardType('daily_chaska').name).toBe('Standard');
    expect(cardTypeLockedMessage('daily_chaska')).toBe(
      'Daily Chaska cards come with the Standard plan and above. Upgrade your plan on Billing to use them.',
    );
  });

  it('read Upgrade for a dearer plan and Downgrade for a cheaper one', () => {
    expect(planChangeDirection('standard', 'premium')).toBe('upgrade');
    expect(planChangeDirection('standard', 'starter')).toBe('downgrade');
    expect(planChangeDirection('enterprise', 'standard')).toBe('downgrade');
    expect(planChangeDirection('premium', 'premium')).toBe('current');
  });

  it('show the current plan as current only while it is paid for', () => {
    expect(planButtonKind({ planId: 'standard', status: 'active' }, 'standard')).toBe('current');
    expect(planButtonKind({ planId: 'standard', status: 'past_due' }, 'standard')).toBe('current');
    expect(planButtonKind({ planId: 'starter', status: 'inactive' }, 'starter')).toBe('subscribe');
    expect(planButtonKind({ planId: 'premium', status: 'canceled' }, 'standard')).toBe('downgrade');
    expect(planButtonKind({ planId: 'starter', status: 'inactive' }, 'enterprise')).toBe('upgrade');
  });
});

describe('planLimitsForVendor', () => {
  it("reads the limits of the vendor's plan while it is active or past due", () => {
    expect(planLimitsForVendor({ subscriptionPlan: 'premium', subscriptionStatus: 'active' }).maxCards).toBe(15);
    expect(
      planLimitsForVendor({ subscriptionPlan: 'standard', subscriptionStatus: 'past_due' }).maxStampsPerMonth,
    ).toBe(2000);
    expect(planLimitsForVendor({ subscriptionPlan: 'enterprise', subscriptionStatus: 'active' }).maxCards).toBe(-1);
  });

  it('holds a vendor without a subscription, a canceled one or an unknown plan to starter limits', () => {
    const starter = planFor('starter').limits;
    expect(planLimitsForVendor({ subscriptionPlan: null, subscriptionStatus: null })).toEqual(starter);
    expect(planLimitsForVendor({ subscriptionPlan: 'enterprise', subscriptionStatus: 'inactive' })).toEqual(starter);
    expect(planLimitsForVendor({ subscriptionPlan: 'premium', subscriptionStatus: 'canceled' })).toEqual(starter);
    expect(planLimitsForVendor({ subscriptionPlan: 'premium', subscriptionStatus: 'trialing' })).toEqual(starter);
    expect(planLimitsForVendor({ subscriptionPlan: 'gold', subscriptionStatus: 'active' })).toEqual(starter);
  });

  it('allows one more only below the limit, and always when unlimited', () => {
    expect(isWithinLimit(1, 0)).toBe(true);
    expect(isWithinLimit(1, 1)).toBe(false);
    expect(isWithinLimit(500, 499)).toBe(true);
    expect(isWithinLimit(500, 500)).toBe(false);
    expect(isWithinLimit(-1, 1_000_000)).toBe(true);
  });
});
