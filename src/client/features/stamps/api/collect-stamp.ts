import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { DASHBOARD_QUERY_KEY } from '@client/features/customer/api/get-dashboard';
import * as stampsApi from '@shared/contract/stamps';

/** A counter code as scanned (QR payload) or typed (XXXX-XXXX). */
export function collectStamp(code: string) {
  return callApi(stampsApi.collectStamp, { body: { code } });
}

export function useCollectStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectStamp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  });
}
