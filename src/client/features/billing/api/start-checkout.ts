import { useMutation } from '@tanstack/react-query';
import type { PlanId } from '@shared/billing/plans';
import { callApi } from '@client/lib/api-client';
import * as billingApi from '@shared/billing/contract';

export function startCheckout(planId: PlanId) {
  return callApi(billingApi.checkout, { body: { planId } });
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
