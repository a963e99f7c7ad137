import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '@shared/billing';
import type { PlanId } from '@shared/plans';
import { apiFetch } from '@client/lib/api-client';
import { BILLING_QUERY_KEY } from './get-billing';

export function cancelSubscription(): Promise<SubscriptionChangeResponse> {
  return apiFetch<SubscriptionChangeResponse>('/api/billing/cancel', { method: 'POST', body: {} });
}

export function resumeSubscription(): Promise<SubscriptionChangeResponse> {
  return apiFetch<SubscriptionChangeResponse>('/api/billing/resume', { method: 'POST', body: {} });
}

export function downgradeSubscription(planId: PlanId): Promise<SubscriptionChangeResponse> {
  return apiFetch<SubscriptionChangeResponse>('/api/billing/downgrade', { method: 'POST', body: { planId } });
}

/** Cancel, resume and downgrade answer with the page's new state: it replaces the cached summary. */
export function useSubscriptionChange<Input>(change: (input: Input) => Promise<SubscriptionChangeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ billing }) => {
      queryClient.setQueryData(BILLING_QUERY_KEY, billing);
    },
  });
}
