import { ApiError } from '@client/lib/api-client';

/**
 * The server asks for the shop's PIN (an order above the owner's quantity, decision 086) or found
 * it wrong: the counter then shows the PIN field, with the refusal under it. A lock after three
 * wrong PINs is not a question the field can answer, so it stays a banner.
 */
export function asksForPin(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'large_order_pin_required' || error.code === 'large_order_pin_wrong')
  );
}
