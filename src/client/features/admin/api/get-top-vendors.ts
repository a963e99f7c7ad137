import { useQuery } from '@tanstack/react-query';
import type { TopVendor } from '@shared/admin-dashboard';
import { apiFetch } from '@client/lib/api-client';

export function useTopVendors() {
  return useQuery({
    queryKey: ['admin', 'top-vendors'],
    queryFn: ({ signal }) => apiFetch<{ vendors: TopVendor[] }>('/api/admin/top-vendors', { signal }),
  });
}
