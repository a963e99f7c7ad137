import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as billingApi from '@shared/billing/contract';
import { callApi } from '@client/lib/api-client';

export function listPayments(page: number) {
  return callApi(billingApi.payments, { query: { page } });
}

/** Newest first; the previous page stays on screen while the next one loads. */
export function usePayments(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'payments', page],
    queryFn: () => listPayments(page),
    enabled,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
