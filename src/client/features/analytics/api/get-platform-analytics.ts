import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '@shared/analytics/vendor-analytics';
import * as analyticsApi from '@shared/analytics/contract';
import { callApi } from '@client/lib/api-client';

export function usePlatformAnalytics(range: AnalyticsRange) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) => callApi(analyticsApi.platformAnalytics, { query: { range }, signal }),
    placeholderData: keepPreviousData,
  });
}
