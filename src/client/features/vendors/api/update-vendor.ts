import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorEditInput } from '@shared/vendors/admin-vendors';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function useUpdateVendor(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminVendorEditInput) =>
      callApi(vendorsApi.updateVendor, { params: { id: vendorId }, body: input }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin', 'vendors'] }),
  });
}
