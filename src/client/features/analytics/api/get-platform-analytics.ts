import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAnalyticsRange } from '@shared/analytics/admin-analytics';
import * as adminApi from '@shared/contract/admin';
import { callApi } from '@client/lib/api-client';

export function usePlatformAnalytics(range: AdminAnalyticsRange) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) => callApi(adminApi.analytics, { query: { range }, signal }),
    placeholderData: keepPreviousData,
  });
}
