import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as adminApi from '@shared/contract/admin';
import type { QueryOf } from '@shared/contract/route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export type UserListParams = QueryOf<typeof adminApi.users>;

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: ['admin', 'users', 'list', params],
    queryFn: ({ signal }) => callApi(adminApi.users, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}
