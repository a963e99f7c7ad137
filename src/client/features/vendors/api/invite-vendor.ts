import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteVendorInput } from '@shared/admin-vendors';
import { apiFetch } from '@client/lib/api-client';

export function useInviteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteVendorInput) =>
      apiFetch<{ email: string; outcome: string }>('/api/admin/vendor-invitations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] }),
  });
}
