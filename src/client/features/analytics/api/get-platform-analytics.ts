import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAnalyticsRange } from '@shared/analytics/admin-analytics';
import * as analyticsApi from '@shared/analytics/contract';
import { callApi } from '@client/lib/api-client';

export function usePlatformAnalytics(range: AdminAnalyticsRange) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) => callApi(analyticsApi.platformAnalytics, { query: { range }, signal }),
    placeholderData: keepPreviousData,
  });
}
