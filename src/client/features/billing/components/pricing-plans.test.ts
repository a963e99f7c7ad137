import { describe, expect, it } from 'vitest';
import { planFor } from '@shared/plans';
import { choosePlanPath, planLimitRows } from './pricing-plans';

describe('the pricing page', () => {
  it("lists each plan's limits, unlimited ones as Unlimited", () => {
    expect(planLimitRows(planFor('starter'))).toEqual([
      ['Active cards', '1'],
      ['Stamps per month', '500'],
      ['Analytics', 'Basic'],
    ]);
    expect(planLimitRows(planFor('enterprise'))).toEqual([
      ['Active cards', 'Unlimited'],
      ['Stamps per month', 'Unlimited'],
      ['Analytics', 'Enterprise'],
    ]);
  });

  it("sends a vendor's member to billing and everyone else to the vendor application", () => {
    const membership = { vendorId: 'v', role: 'owner' } as never;
    expect(choosePlanPath({ membership })).toBe('/vendor/billing');
    expect(choosePlanPath({ membership: null })).toBe('/vendor-signup');
    expect(choosePlanPath(null)).toBe('/vendor-signup');
  });
});
