import { useQuery } from '@tanstack/react-query';
import type { AdminVendorDetail } from '@shared/admin-vendors';
import { apiFetch } from '@client/lib/api-client';

export function useVendorDetail(vendorId: string | null) {
  return useQuery({
    queryKey: ['admin', 'vendors', 'detail', vendorId],
    queryFn: ({ signal }) => apiFetch<AdminVendorDetail>(`/api/admin/vendors/${vendorId}`, { signal }),
    enabled: vendorId !== null,
  });
}
