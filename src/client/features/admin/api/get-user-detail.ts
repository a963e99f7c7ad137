import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@shared/admin-users';
import { apiFetch } from '@client/lib/api-client';

export function useUserDetail(userId: string | null) {
  return useQuery({
    queryKey: ['admin', 'users', 'detail', userId],
    queryFn: ({ signal }) =>
      apiFetch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId ?? '')}`, { signal }),
    enabled: userId !== null,
  });
}
