import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StampResult } from '@shared/stamps';
import { apiFetch } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';

/** A counter code as scanned (QR payload) or typed (XXXX-XXXX). */
export function collectStamp(code: string): Promise<StampResult> {
  return apiFetch<StampResult>('/api/stamps/collect', { method: 'POST', body: { code } });
}

export function useCollectStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectStamp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_DASHBOARD_KEY }),
  });
}
