import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api-client';
import { asksForPin } from './order-pin';

const refusal = (code: ConstructorParameters<typeof ApiError>[0]['code']) =>
  new ApiError({ status: 400, code, message: 'refused', fields: undefined });

describe('the counter’s PIN field', () => {
  it('opens when the server asks for the PIN or found it wrong, and for nothing else', () => {
    expect(asksForPin(refusal('large_order_pin_required'))).toBe(true);
    expect(asksForPin(refusal('large_order_pin_wrong'))).toBe(true);
    expect(asksForPin(refusal('large_order_locked'))).toBe(false);
    expect(asksForPin(refusal('daily_stamp_cap'))).toBe(false);
    expect(asksForPin(new Error('large_order_pin_required'))).toBe(false);
    expect(asksForPin(null)).toBe(false);
  });
});
