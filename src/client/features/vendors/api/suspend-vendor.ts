import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

type SuspensionChange =
  { vendorId: string; action: 'suspend'; reason: string } | { vendorId: string; action: 'unsuspend' };

/** Suspend (with a reason) or unsuspend a vendor. */
export function useChangeVendorSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SuspensionChange) =>
      apiFetch<{ id: string; businessName: string; status: string }>(
        `/api/admin/vendors/${change.vendorId}/${change.action}`,
        {
          method: 'POST',
          body: change.action === 'suspend' ? { reason: change.reason } : undefined,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
