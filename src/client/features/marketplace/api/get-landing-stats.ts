import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as marketplaceApi from '@shared/marketplace/contract';

export function fetchLandingStats(signal?: AbortSignal) {
  return callApi(marketplaceApi.stats, { signal });
}

/** The landing's live counts and the cities that have vendors (the city chips). */
export function useLandingStats() {
  return useQuery({ queryKey: ['marketplace', 'stats'], queryFn: ({ signal }) => fetchLandingStats(signal) });
}
