import { useInfiniteQuery } from '@tanstack/react-query';
import type { VendorPage } from '@shared/marketplace';
import type { City } from '@shared/places';
import { apiFetch } from '@client/lib/api-client';

const PAGE_SIZE = 12;

export function fetchPublicVendors(
  city: City | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<VendorPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (city) query.set('city', city);
  if (cursor) query.set('cursor', cursor);
  return apiFetch<VendorPage>(`/api/marketplace/vendors?${query}`, { signal });
}

/** Approved vendors by name, one page at a time ("Show more vendors"). */
export function usePublicVendors(city: City | null) {
  return useInfiniteQuery({
    queryKey: ['marketplace', 'vendors', city],
    queryFn: ({ pageParam, signal }) => fetchPublicVendors(city, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
