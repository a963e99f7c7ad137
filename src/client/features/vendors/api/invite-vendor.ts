import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteVendorInput } from '@shared/vendors/admin-vendors';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function useInviteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteVendorInput) => callApi(vendorsApi.inviteVendor, { body: input }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin', 'activity'] }),
  });
}
