import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StampResult } from '@shared/stamps';
import { apiFetch } from '@client/lib/api-client';
import { DASHBOARD_QUERY_KEY } from '@client/features/customer/api/get-dashboard';

/** A counter code as scanned (QR payload) or typed (XXXX-XXXX). */
export function collectStamp(code: string): Promise<StampResult> {
  return apiFetch<StampResult>('/api/stamps/collect', { method: 'POST', body: { code } });
}

export function useCollectStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectStamp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  });
}
