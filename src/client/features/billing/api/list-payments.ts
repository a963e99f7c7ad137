import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaymentsPage } from '@shared/billing';
import { apiFetch } from '@client/lib/api-client';

export function listPayments(page: number): Promise<PaymentsPage> {
  return apiFetch<PaymentsPage>(`/api/billing/payments?page=${page}`);
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
