import { useQuery } from '@tanstack/react-query';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';

/** The "Share today's deal" panel: whether the plan includes it, and the live cards it can show. */
export function useShareOverview() {
  return useQuery({
    queryKey: ['vendor', 'share'] as const,
    queryFn: ({ signal }) => callApi(marketplaceApi.overview, { signal }),
    staleTime: 30_000,
  });
}
