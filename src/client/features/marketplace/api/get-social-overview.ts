import { useQuery } from '@tanstack/react-query';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';

export const SOCIAL_KEY = ['admin', 'social'] as const;

/** The Social Media Agent's networks (configured, or the settings still to set) and schedule. */
export function useSocialOverview() {
  return useQuery({
    queryKey: [...SOCIAL_KEY, 'overview'],
    queryFn: ({ signal }) => callApi(marketplaceApi.socialOverview, { signal }),
  });
}
