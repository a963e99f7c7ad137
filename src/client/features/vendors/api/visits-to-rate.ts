import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as vendorsApi from '@shared/vendors/contract';
import type { RateVisitRequest } from '@shared/vendors/feedback';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export const VISITS_TO_RATE_KEY = ['feedback', 'visits'] as const;

/** The customer's visits of the last 24 hours still to rate. */
export function useVisitsToRate() {
  return useQuery({
    queryKey: VISITS_TO_RATE_KEY,
    queryFn: ({ signal }) => callApi(vendorsApi.visitsToRate, { signal }),
  });
}

/** Rates one visit; the list of visits to rate reloads afterwards. */
export function useRateVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stampId, ...body }: RateVisitRequest & { stampId: string }) =>
      callApi(vendorsApi.rateVisit, { params: { stampId }, body }),
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: VISITS_TO_RATE_KEY }),
  });
}
