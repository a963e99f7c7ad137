import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '@shared/analytics/vendor-analytics';
import * as analyticsApi from '@shared/analytics/contract';
import { callApi } from '@client/lib/api-client';

/** The query of the analytics and of its files (CSV, PDF, printable report). */
export function analyticsQueryString(range: AnalyticsRange, cardId: string | null): string {
  const params = new URLSearchParams({ range });
  if (cardId) params.set('cardId', cardId);
  return params.toString();
}

export function fetchVendorAnalytics(range: AnalyticsRange, cardId: string | null, signal?: AbortSignal) {
  return callApi(analyticsApi.analytics, { query: { range, cardId: cardId ?? undefined }, signal });
}

export function useVendorAnalytics(range: AnalyticsRange, cardId: string | null) {
  return useQuery({
    queryKey: ['vendor', 'analytics', range, cardId],
    queryFn: ({ signal }) => fetchVendorAnalytics(range, cardId, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
