import { useQuery } from '@tanstack/react-query';
import * as accountsApi from '@shared/accounts/contract';
import { callApi } from '@client/lib/api-client';

export function useUserDetail(userId: string | null) {
  return useQuery({
    queryKey: ['admin', 'users', 'detail', userId],
    queryFn: ({ signal }) => callApi(accountsApi.user, { params: { id: userId ?? '' }, signal }),
    enabled: userId !== null,
  });
}
