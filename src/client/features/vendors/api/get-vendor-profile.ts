import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

export const VENDOR_PROFILE_KEY = ['vendor', 'profile'] as const;

export function fetchVendorProfile(signal?: AbortSignal) {
  return callApi(vendorsApi.profile, { signal });
}

export function useVendorProfile() {
  return useQuery({ queryKey: VENDOR_PROFILE_KEY, queryFn: ({ signal }) => fetchVendorProfile(signal) });
}
