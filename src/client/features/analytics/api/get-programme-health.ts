import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '@shared/analytics/vendor-analytics';
import * as analyticsApi from '@shared/analytics/contract';
import { callApi } from '@client/lib/api-client';

export const PROGRAMME_HEALTH_KEY = ['vendor', 'analytics', 'health'] as const;

/** Programme health of the page's range, card and branch (decision 090). */
export function useProgrammeHealth(range: AnalyticsRange, cardId: string | null, branchId: string | null) {
  return useQuery({
    queryKey: [...PROGRAMME_HEALTH_KEY, range, cardId, branchId],
    queryFn: ({ signal }) =>
      callApi(analyticsApi.programmeHealth, {
        query: { range, cardId: cardId ?? undefined, branchId: branchId ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
