import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/billing/plans';
import { callApi } from '@client/lib/api-client';
import { BILLING_QUERY_KEY } from './get-billing';
import * as billingApi from '@shared/billing/contract';
import type { ResponseOf } from '@shared/api-route';

export function cancelSubscription() {
  return callApi(billingApi.cancel, { body: {} });
}

export function resumeSubscription() {
  return callApi(billingApi.resume, { body: {} });
}

export function downgradeSubscription(planId: PlanId) {
  return callApi(billingApi.downgrade, { body: { planId } });
}

/** Cancel, resume and downgrade answer with the page's new state: it replaces the cached summary. */
export function useSubscriptionChange<Input>(change: (input: Input) => Promise<ResponseOf<typeof billingApi.cancel>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ billing }) => {
      queryClient.setQueryData(BILLING_QUERY_KEY, billing);
    },
  });
}
