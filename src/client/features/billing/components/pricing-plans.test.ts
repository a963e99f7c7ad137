import { describe, expect, it } from 'vitest';
import { planFor } from '@shared/plans';
import { choosePlanPath, planLimitRows } from './pricing-plans';

describe('the pricing page', () => {
  it("lists each plan's limits, unlimited ones as Unlimited", () => {
    expect(planLimitRows(planFor('starter'))).toEqual([
      ['Active cards', '1'],
      ['Stamps per month', '500'],
      ['Analytics', 'Basic'],
      ['Campaigns per month', 'None'],
    ]);
    expect(planLimitRows(planFor('premium'))[3]).toEqual(['Campaigns per month', '8']);
    expect(planLimitRows(planFor('enterprise'))).toEqual([
      ['Active cards', 'Unlimited'],
      ['Stamps per month', 'Unlimited'],
      ['Analytics', 'Enterprise'],
      ['Campaigns per month', 'Unlimited'],
    ]);
  });

  it("sends a vendor's member to billing and everyone else to the vendor application", () => {
    const membership = { vendorId: 'v', role: 'owner' } as never;
    expect(choosePlanPath({ membership })).toBe('/vendor/billing');
    expect(choosePlanPath({ membership: null })).toBe('/vendor-signup');
    expect(choosePlanPath(null)).toBe('/vendor-signup');
  });
});
