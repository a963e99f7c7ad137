import { useQuery } from '@tanstack/react-query';
import type { SystemHealth } from '@shared/admin-dashboard';
import { apiFetch } from '@client/lib/api-client';

/** Checked again every minute while the dashboard is open. */
export function useSystemHealth() {
  return useQuery({
    queryKey: ['admin', 'system-health'],
    queryFn: ({ signal }) => apiFetch<SystemHealth>('/api/admin/system-health', { signal }),
    refetchInterval: 60_000,
  });
}
