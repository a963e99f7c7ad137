import { describe, expect, it } from 'vitest';
import { BRAND } from '@shared/brand';
import pricingTexts from '@shared/i18n/en/pricing';
import urduPricingTexts from '@shared/i18n/ur/pricing';
import { PLANS, planFor } from './plans';
import { PLAN_TEXT_KEYS, planLimitRows, type Translate } from './plan-texts';

function translatorOf(texts: Record<string, string>): Translate {
  return (key) => {
    const [namespace, name = ''] = key.split(':');
    expect(namespace).toBe('pricing');
    expect(Object.hasOwn(texts, name), `${key} is in the catalogue`).toBe(true);
    return texts[name]!.replaceAll('{{brand}}', BRAND.name);
  };
}

const english = translatorOf(pricingTexts);

describe("the pricing page's plan texts", () => {
  it("lists each plan's limits, unlimited ones as Unlimited", () => {
    expect(planLimitRows(planFor('starter'), english)).toEqual([
      ['Active cards', '1'],
      ['Branches', '1'],
      ['Stamps per month', '500'],
      ['Analytics', 'Basic'],
      ['Campaigns per month', 'None'],
      ['Messages by WhatsApp or SMS per month', 'None'],
    ]);
    expect(planLimitRows(planFor('premium'), english)[4]).toEqual(['Campaigns per month', '8']);
    expect(planLimitRows(planFor('enterprise'), english)).toEqual([
      ['Active cards', 'Unlimited'],
      ['Branches', 'Unlimited'],
      ['Stamps per month', 'Unlimited'],
      ['Analytics', 'Enterprise'],
      ['Campaigns per month', 'Unlimited'],
      ['Messages by WhatsApp or SMS per month', '10,000'],
    ]);
  });

  it('lists the limits in Urdu from the Urdu catalogue', () => {
    expect(planLimitRows(planFor('enterprise'), translatorOf(urduPricingTexts))).toEqual([
      ['ایکٹو کارڈ', 'لامحدود'],
      ['برانچیں', 'لامحدود'],
      ['ماہانہ اسٹیمپ', 'لامحدود'],
      ['اینالیٹکس', 'انٹرپرائز'],
      ['ماہانہ کیمپین', 'لامحدود'],
      ['ماہانہ واٹس ایپ یا SMS پیغامات', '10,000'],
    ]);
  });

  it.each(PLANS.map((plan) => [plan.id, plan] as const))(
    'names the %s plan and its features in the English of src/shared/billing/plans.ts, in its order',
    (id, plan) => {
      expect(english(PLAN_TEXT_KEYS[id].name)).toBe(plan.name);
      expect(PLAN_TEXT_KEYS[id].features.map((key) => english(key))).toEqual(plan.features);
    },
  );
});
