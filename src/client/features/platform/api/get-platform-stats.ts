import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as platformApi from '@shared/platform/contract';

export const PLATFORM_STATS_KEY = ['admin', 'stats'] as const;

export function usePlatformStats() {
  return useQuery({
    queryKey: PLATFORM_STATS_KEY,
    queryFn: ({ signal }) => callApi(platformApi.stats, { signal }),
  });
}
