import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

export const MY_VENDOR_APPLICATION_KEY = ['vendor-applications', 'mine'] as const;

export function fetchMyVendorApplication(signal?: AbortSignal) {
  return callApi(vendorsApi.mine, { signal });
}

/** The signed-in owner's application: pending, approved, rejected (with the reason) or suspended. */
export function useMyVendorApplication() {
  return useQuery({ queryKey: MY_VENDOR_APPLICATION_KEY, queryFn: ({ signal }) => fetchMyVendorApplication(signal) });
}
