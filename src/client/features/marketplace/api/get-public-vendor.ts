import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as marketplaceApi from '@shared/marketplace/contract';

export function fetchPublicVendor(slug: string, signal?: AbortSignal) {
  return callApi(marketplaceApi.vendor, { params: { slug }, signal });
}

export function usePublicVendor(slug: string) {
  return useQuery({
    queryKey: ['marketplace', 'vendor', slug],
    queryFn: ({ signal }) => fetchPublicVendor(slug, signal),
  });
}
