import { useQuery } from '@tanstack/react-query';
import type { VendorSummary } from '@shared/admin-vendors';
import { apiFetch } from '@client/lib/api-client';

export function useVendorSummary() {
  return useQuery({
    queryKey: ['admin', 'vendors', 'summary'],
    queryFn: ({ signal }) => apiFetch<VendorSummary>('/api/admin/vendors/summary', { signal }),
  });
}
