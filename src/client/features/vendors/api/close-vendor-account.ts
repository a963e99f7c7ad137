import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function closeVendorAccount() {
  return callApi(vendorsApi.closeAccount, { body: { confirm: true } });
}

/** Everything in the vendor area reflects the closed state afterwards. */
export function useCloseVendorAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeVendorAccount,
    onSuccess: () => void refreshAfterWrite(queryClient, { queryKey: ['vendor'] }),
  });
}
