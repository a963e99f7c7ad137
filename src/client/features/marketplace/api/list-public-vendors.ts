import { useInfiniteQuery } from '@tanstack/react-query';
import type { City } from '@shared/places';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';

const PAGE_SIZE = 12;

export function fetchPublicVendors(city: City | null, cursor: string | null, signal?: AbortSignal) {
  return callApi(marketplaceApi.vendors, {
    query: { limit: PAGE_SIZE, city: city ?? undefined, cursor: cursor ?? undefined },
    signal,
  });
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
