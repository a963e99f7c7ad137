import { useQuery } from '@tanstack/react-query';
import type { LandingStats } from '@shared/marketplace';
import { apiFetch } from '@client/lib/api-client';

export function fetchLandingStats(signal?: AbortSignal): Promise<LandingStats> {
  return apiFetch<LandingStats>('/api/marketplace/stats', { signal });
}

/** The landing's live counts and the cities that have vendors (the city chips). */
export function useLandingStats() {
  return useQuery({ queryKey: ['marketplace', 'stats'], queryFn: ({ signal }) => fetchLandingStats(signal) });
}
