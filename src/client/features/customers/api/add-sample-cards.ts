import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as customersApi from '@shared/customers/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function addSampleCards() {
  return callApi(customersApi.addSampleCards);
}

/** Demo mode: sample cards for a customer with none, then the dashboard reloads. */
export function useAddSampleCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSampleCards,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CUSTOMER_DASHBOARD_KEY }),
  });
}
