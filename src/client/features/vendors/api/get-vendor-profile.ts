import { useQuery } from '@tanstack/react-query';
import type { VendorProfileResponse } from '@shared/vendor-profile';
import { apiFetch } from '@client/lib/api-client';

export const VENDOR_PROFILE_KEY = ['vendor', 'profile'] as const;

export function fetchVendorProfile(signal?: AbortSignal): Promise<VendorProfileResponse> {
  return apiFetch<VendorProfileResponse>('/api/vendor/profile', { signal });
}

export function useVendorProfile() {
  return useQuery({ queryKey: VENDOR_PROFILE_KEY, queryFn: ({ signal }) => fetchVendorProfile(signal) });
}
