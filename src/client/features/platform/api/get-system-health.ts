import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as platformApi from '@shared/platform/contract';

/** Checked again every minute while the dashboard is open. */
export function useSystemHealth() {
  return useQuery({
    queryKey: ['admin', 'system-health'],
    queryFn: ({ signal }) => callApi(platformApi.systemHealth, { signal }),
    refetchInterval: 60_000,
  });
}
