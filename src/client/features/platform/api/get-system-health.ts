import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';

/** Checked again every minute while the dashboard is open. */
export function useSystemHealth() {
  return useQuery({
    queryKey: ['admin', 'system-health'],
    queryFn: ({ signal }) => callApi(adminApi.systemHealth, { signal }),
    refetchInterval: 60_000,
  });
}
