import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, VendorAnalytics } from '@shared/vendor-analytics';
import { apiFetch } from '@client/lib/api-client';

export function analyticsQueryString(range: AnalyticsRange, cardId: string | null): string {
  const params = new URLSearchParams({ range });
  if (cardId) params.set('cardId', cardId);
  return params.toString();
}

export function fetchVendorAnalytics(
  range: AnalyticsRange,
  cardId: string | null,
  signal?: AbortSignal,
): Promise<VendorAnalytics> {
  return apiFetch<VendorAnalytics>(`/api/vendor/analytics?${analyticsQueryString(range, cardId)}`, { signal });
}

export function useVendorAnalytics(range: AnalyticsRange, cardId: string | null) {
  return useQuery({
    queryKey: ['vendor', 'analytics', range, cardId],
    queryFn: ({ signal }) => fetchVendorAnalytics(range, cardId, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
