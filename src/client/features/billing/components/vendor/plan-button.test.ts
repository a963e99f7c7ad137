import { describe, expect, it } from 'vitest';
import type { BillingSummary } from '@shared/billing/billing';
import { EN_CATALOGUE } from '@shared/i18n/catalogue';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { catalogueTranslator } from '@shared/i18n/compile-texts';
import { planName, type Translate } from '@shared/billing/plan-texts';
import type { PlanId } from '@shared/billing/plans';
import { planButton as planButtonIn } from './plan-button';

const catalogues = catalogueTranslator({ en: EN_CATALOGUE, ur: UR_CATALOGUE });
const translatorIn =
  (lng: 'en' | 'ur'): Translate =>
  (key, values) =>
    catalogues(lng, key, values);

/** The button as the page builds it: the plan's name and the words from the reader's catalogue. */
function planButton(
  billing: Pick<BillingSummary, 'subscription' | 'canManage'>,
  planId: PlanId,
  processingPlanId: PlanId | null,
  lng: 'en' | 'ur' = 'en',
) {
  const t = translatorIn(lng);
  return planButtonIn(billing, { id: planId, name: planName(planId, t) }, processingPlanId, t);
}

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
    const current = planButton(billing(), 'standard', null);
    expect(current).toMatchObject({ kind: 'current', label: 'Current Plan', disabled: true, variant: 'outline' });
    expect(current.ariaLabel).toBe('Standard: Current Plan');
    expect(planButton(billing(), 'premium', null)).toMatchObject({
      kind: 'upgrade',
      label: 'Upgrade',
      ariaLabel: 'Upgrade to Premium',
      variant: 'primary',
      disabled: false,
    });
    expect(planButton(billing(), 'starter', null)).toMatchObject({
      kind: 'downgrade',
      label: 'Downgrade',
      variant: 'outline',
      disabled: false,
    });
  });

  it('offers Subscribe when no subscription runs', () => {
    const none = billing({ planId: 'starter', status: 'inactive' });
    expect(planButton(none, 'starter', null)).toMatchObject({ kind: 'subscribe', disabled: false });
  });

  it('refuses a downgrade while the subscription is ending (resume first), but not an upgrade', () => {
    const ending = billing({ cancelAt: '2026-04-10T00:00:00.000Z' });
    expect(planButton(ending, 'starter', null).disabled).toBe(true);
    expect(planButton(ending, 'premium', null).disabled).toBe(false);
  });

  it('is disabled for a member who may not manage billing', () => {
    expect(planButton(billing({}, false), 'premium', null).disabled).toBe(true);
  });

  it('shows Processing on the plan whose checkout opens, and holds the others', () => {
    const opening = planButton(billing(), 'premium', 'premium');
    expect(opening).toMatchObject({ label: 'Processing...', busy: true, disabled: false, ariaLabel: undefined });
    expect(planButton(billing(), 'enterprise', 'premium')).toMatchObject({ busy: false, disabled: true });
  });

  it('speaks Urdu to an Urdu reader: the words and the plan names from the Urdu catalogue', () => {
    expect(planButton(billing(), 'standard', null, 'ur')).toMatchObject({
      label: 'موجودہ پلان',
      ariaLabel: 'اسٹینڈرڈ: موجودہ پلان',
    });
    expect(planButton(billing(), 'premium', null, 'ur')).toMatchObject({
      label: 'اپ گریڈ کریں',
      ariaLabel: 'پریمیم پر اپ گریڈ کریں',
    });
    expect(planButton(billing(), 'premium', 'premium', 'ur').label).toBe('کارروائی جاری ہے...');
  });
});
