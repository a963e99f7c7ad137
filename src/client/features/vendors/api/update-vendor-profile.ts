import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorProfile, VendorProfileResponse } from '@shared/vendor-profile';
import { apiFetch } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import { VENDOR_PROFILE_KEY } from './get-vendor-profile';
import { VENDOR_DASHBOARD_KEY } from './get-vendor-dashboard';

export function updateVendorProfile(profile: VendorProfile): Promise<VendorProfileResponse> {
  return apiFetch<VendorProfileResponse>('/api/vendor/profile', { method: 'PUT', body: profile });
}

/** The business name also shows in the session (sidebar), so that refreshes too. */
export function useUpdateVendorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(VENDOR_PROFILE_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: VENDOR_DASHBOARD_KEY });
    },
  });
}
