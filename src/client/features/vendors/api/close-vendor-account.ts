import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

export function closeVendorAccount(): Promise<{ closedAt: string }> {
  return apiFetch<{ closedAt: string }>('/api/vendor/account/close', { method: 'POST', body: { confirm: true } });
}

/** Everything in the vendor area reflects the closed state afterwards. */
export function useCloseVendorAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeVendorAccount,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['vendor'] }),
  });
}
