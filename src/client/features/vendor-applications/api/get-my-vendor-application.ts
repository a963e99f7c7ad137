import { useQuery } from '@tanstack/react-query';
import type { MyVendorApplication } from '@shared/marketplace';
import { apiFetch } from '@client/lib/api-client';

export const MY_VENDOR_APPLICATION_KEY = ['vendor-applications', 'mine'] as const;

export function fetchMyVendorApplication(signal?: AbortSignal): Promise<MyVendorApplication> {
  return apiFetch<MyVendorApplication>('/api/vendor-applications/mine', { signal });
}

/** The signed-in owner's application: pending, approved, rejected (with the reason) or suspended. */
export function useMyVendorApplication() {
  return useQuery({ queryKey: MY_VENDOR_APPLICATION_KEY, queryFn: ({ signal }) => fetchMyVendorApplication(signal) });
}
