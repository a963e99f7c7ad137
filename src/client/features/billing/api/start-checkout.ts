import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse } from '@shared/billing';
import type { PlanId } from '@shared/plans';
import { apiFetch } from '@client/lib/api-client';

export function startCheckout(planId: PlanId): Promise<CheckoutResponse> {
  return apiFetch<CheckoutResponse>('/api/billing/checkout', { method: 'POST', body: { planId } });
}

/** On success the browser leaves for the provider's hosted checkout page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
