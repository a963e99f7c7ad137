import { describe, expect, it } from 'vitest';
import type { BillingSummary } from '@shared/billing';
import { planFor } from '@shared/plans';
import { planButton } from './plan-button';

function billing(
  subscription: Partial<BillingSummary['subscription']> = {},
  canManage = true,
): Pick<BillingSummary, 'subscription' | 'canManage'> {
  return {
    canManage,
    subscription: {
      planId: 'standard',
      planName: 'Standard',
      price: 2999,
      status: 'active',
      nextBillingDate: null,
      features: [],
      cancelAt: null,
      scheduledPlan: null,
      ...subscription,
    } as BillingSummary['subscription'],
  };
}

describe('a plan button on the billing page', () => {
  it('marks the running plan as current and disabled, the dearer ones as upgrades and the cheaper as downgrades', () => {
    const current = planButton(billing(), planFor('standard'), null);
    expect(current).toMatchObject({ kind: 'current', label: 'Current Plan', disabled: true, variant: 'outline' });
    expect(current.ariaLabel).toBe('Standard: Current Plan');
    expect(planButton(billing(), planFor('premium'), null)).toMatchObject({
      kind: 'upgrade',
      label: 'Upgrade',
      ariaLabel: 'Upgrade to Premium',
      variant: 'primary',
      disabled: false,
    });
    expect(planButton(billing(), planFor('starter'), null)).toMatchObject({
      kind: 'downgrade',
      label: 'Downgrade',
      variant: 'outline',
      disabled: false,
    });
  });

  it('offers Subscribe when no subscription runs', () => {
    const none = billing({ planId: 'starter', status: 'inactive' });
    expect(planButton(none, planFor('starter'), null)).toMatchObject({ kind: 'subscribe', disabled: false });
  });

  it('refuses a downgrade while the subscription is ending (resume first), but not an upgrade', () => {
    const ending = billing({ cancelAt: '2026-04-10T00:00:00.000Z' });
    expect(planButton(ending, planFor('starter'), null).disabled).toBe(true);
    expect(planButton(ending, planFor('premium'), null).disabled).toBe(false);
  });

  it('is disabled for a member who may not manage billing', () => {
    expect(planButton(billing({}, false), planFor('premium'), null).disabled).toBe(true);
  });

  it('shows Processing on the plan whose checkout opens, and holds the others', () => {
    const opening = planButton(billing(), planFor('premium'), 'premium');
    expect(opening).toMatchObject({ label: 'Processing...', busy: true, disabled: false, ariaLabel: undefined });
    expect(planButton(billing(), planFor('enterprise'), 'premium')).toMatchObject({ busy: false, disabled: true });
  });
});
