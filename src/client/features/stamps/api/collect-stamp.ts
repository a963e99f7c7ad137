import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as stampsApi from '@shared/stamps/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

/** A counter code as scanned (QR payload) or typed (XXXX-XXXX). */
export function collectStamp(code: string) {
  return callApi(stampsApi.collectStamp, { body: { code } });
}

export function useCollectStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectStamp,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CUSTOMER_DASHBOARD_KEY }),
  });
}
