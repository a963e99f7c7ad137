import { useQuery } from '@tanstack/react-query';
import type { PlatformStats } from '@shared/admin-dashboard';
import { apiFetch } from '@client/lib/api-client';

export const PLATFORM_STATS_KEY = ['admin', 'stats'] as const;

export function usePlatformStats() {
  return useQuery({
    queryKey: PLATFORM_STATS_KEY,
    queryFn: ({ signal }) => apiFetch<PlatformStats>('/api/admin/stats', { signal }),
  });
}
