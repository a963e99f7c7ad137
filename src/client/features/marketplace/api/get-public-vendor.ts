import { useQuery } from '@tanstack/react-query';
import type { PublicVendorDetail } from '@shared/marketplace';
import { apiFetch } from '@client/lib/api-client';

export function fetchPublicVendor(slug: string, signal?: AbortSignal): Promise<PublicVendorDetail> {
  return apiFetch<PublicVendorDetail>(`/api/marketplace/vendors/${encodeURIComponent(slug)}`, { signal });
}

export function usePublicVendor(slug: string) {
  return useQuery({
    queryKey: ['marketplace', 'vendor', slug],
    queryFn: ({ signal }) => fetchPublicVendor(slug, signal),
  });
}
