import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorDetail, AdminVendorEditInput } from '@shared/admin-vendors';
import { apiFetch } from '@client/lib/api-client';

export function useUpdateVendor(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminVendorEditInput) =>
      apiFetch<AdminVendorDetail>(`/api/admin/vendors/${vendorId}`, { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'vendors'] }),
  });
}
