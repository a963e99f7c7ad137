import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as accountsApi from '@shared/accounts/contract';
import type { QueryOf } from '@shared/api-route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export type UserListParams = QueryOf<typeof accountsApi.users>;

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: ['admin', 'users', 'list', params],
    queryFn: ({ signal }) => callApi(accountsApi.users, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}
