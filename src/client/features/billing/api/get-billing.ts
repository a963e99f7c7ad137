import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as billingApi from '@shared/billing/contract';

export const BILLING_QUERY_KEY = ['billing', 'summary'] as const;

export function getBilling() {
  return callApi(billingApi.summary);
}

/**
 * The subscription, limits and usage. `pollWhileAwaitingPayment` re-reads every few seconds for a
 * short while after a checkout, since the provider's webhook may land just after the browser does.
 */
export function useBilling(options: { pollWhileAwaitingPayment?: boolean } = {}) {
  return useQuery({
    queryKey: BILLING_QUERY_KEY,
    queryFn: getBilling,
    retry: 1,
    refetchInterval: (query) =>
      options.pollWhileAwaitingPayment &&
      query.state.data?.subscription.status !== 'active' &&
      query.state.dataUpdateCount < 10
        ? 3000
        : false,
  });
}
