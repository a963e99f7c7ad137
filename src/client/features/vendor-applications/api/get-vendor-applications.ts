import { useQuery } from '@tanstack/react-query';
import type { PendingApplication } from '@shared/admin-vendors';
import { apiFetch } from '@client/lib/api-client';

export const VENDOR_APPLICATIONS_KEY = ['admin', 'vendor-applications'] as const;

export function useVendorApplications() {
  return useQuery({
    queryKey: VENDOR_APPLICATIONS_KEY,
    queryFn: ({ signal }) =>
      apiFetch<{ applications: PendingApplication[] }>('/api/admin/vendor-applications', { signal }),
  });
}
