import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAnalytics, AdminAnalyticsRange } from '@shared/admin-analytics';
import { apiFetch } from '@client/lib/api-client';

export function usePlatformAnalytics(range: AdminAnalyticsRange) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) => apiFetch<AdminAnalytics>(`/api/admin/analytics?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
