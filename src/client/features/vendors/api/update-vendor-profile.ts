import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorProfile } from '@shared/vendors/vendor-profile';
import { callApi } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import { VENDOR_PROFILE_KEY } from './get-vendor-profile';
import { VENDOR_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function updateVendorProfile(profile: VendorProfile) {
  return callApi(vendorsApi.updateProfile, { body: profile });
}

/** The business name also shows in the session (sidebar), so that refreshes too. */
export function useUpdateVendorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(VENDOR_PROFILE_KEY, saved);
      void refreshAfterWrite(queryClient, { queryKey: SESSION_QUERY_KEY });
      void refreshAfterWrite(queryClient, { queryKey: VENDOR_DASHBOARD_KEY });
    },
  });
}
