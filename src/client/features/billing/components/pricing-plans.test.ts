import { describe, expect, it } from 'vitest';
import { choosePlanPath } from './pricing-plans';

describe('the pricing page', () => {
  it("sends a vendor's member to billing and everyone else to the vendor application", () => {
    const membership = { vendorId: 'v', role: 'owner' } as never;
    expect(choosePlanPath({ membership })).toBe('/vendor/billing');
    expect(choosePlanPath({ membership: null })).toBe('/vendor-signup');
    expect(choosePlanPath(null)).toBe('/vendor-signup');
  });
});
