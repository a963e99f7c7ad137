import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPage } from '@shared/admin-users';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from '@client/lib/query-string';

export interface UserListParams {
  search: string;
  status: string;
  page: number;
  pageSize: number;
}

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: ['admin', 'users', 'list', params],
    queryFn: ({ signal }) => apiFetch<AdminUserPage>(`/api/admin/users${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
