import { useQuery } from '@tanstack/react-query';
import type { ShareOverview } from '@shared/share-api';
import { apiFetch } from '@client/lib/api-client';

/** The "Share today's deal" panel: whether the plan includes it, and the live cards it can show. */
export function useShareOverview() {
  return useQuery({
    queryKey: ['vendor', 'share'] as const,
    queryFn: () => apiFetch<ShareOverview>('/api/vendor/share'),
    staleTime: 30_000,
  });
}
