import { useQuery } from '@tanstack/react-query';
import type { ActivityItem } from '@shared/admin-dashboard';
import { apiFetch } from '@client/lib/api-client';

export const RECENT_ACTIVITY_KEY = ['admin', 'activity'] as const;

export function useRecentActivity(limit = 10) {
  return useQuery({
    queryKey: [...RECENT_ACTIVITY_KEY, limit],
    queryFn: ({ signal }) => apiFetch<{ items: ActivityItem[] }>(`/api/admin/activity?limit=${limit}`, { signal }),
  });
}
