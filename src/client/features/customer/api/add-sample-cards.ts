import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SampleCardsResult } from '@shared/customer';
import { apiFetch } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';

export function addSampleCards(): Promise<SampleCardsResult> {
  return apiFetch<SampleCardsResult>('/api/customer/sample-cards', { method: 'POST' });
}

/** Demo mode: sample cards for a customer with none, then the dashboard reloads. */
export function useAddSampleCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSampleCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_DASHBOARD_KEY }),
  });
}
