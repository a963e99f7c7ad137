import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as vendorsApi from '@shared/vendors/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

type SuspensionChange =
  { vendorId: string; action: 'suspend'; reason: string } | { vendorId: string; action: 'unsuspend' };

function changeVendorSuspension(change: SuspensionChange) {
  const params = { id: change.vendorId };
  return change.action === 'suspend'
    ? callApi(vendorsApi.suspendVendor, { params, body: { reason: change.reason } })
    : callApi(vendorsApi.unsuspendVendor, { params });
}

/** Suspend (with a reason) or unsuspend a vendor. */
export function useChangeVendorSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeVendorSuspension,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin'] }),
  });
}
