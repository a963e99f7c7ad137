import { useQuery } from '@tanstack/react-query';
import * as platformApi from '@shared/platform/contract';
import { callApi } from '@client/lib/api-client';

export const RECENT_ACTIVITY_KEY = ['admin', 'activity'] as const;

export function useRecentActivity(limit = 10) {
  return useQuery({
    queryKey: [...RECENT_ACTIVITY_KEY, limit],
    queryFn: ({ signal }) => callApi(platformApi.activity, { query: { limit }, signal }),
  });
}
