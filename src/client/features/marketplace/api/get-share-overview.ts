import { useQuery } from '@tanstack/react-query';
import * as shareApi from '@shared/contract/share';
import { callApi } from '@client/lib/api-client';

/** The "Share today's deal" panel: whether the plan includes it, and the live cards it can show. */
export function useShareOverview() {
  return useQuery({
    queryKey: ['vendor', 'share'] as const,
    queryFn: ({ signal }) => callApi(shareApi.overview, { signal }),
    staleTime: 30_000,
  });
}
