import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as customerApi from '@shared/contract/customer';

export function addSampleCards() {
  return callApi(customerApi.addSampleCards);
}

/** Demo mode: sample cards for a customer with none, then the dashboard reloads. */
export function useAddSampleCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSampleCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_DASHBOARD_KEY }),
  });
}
