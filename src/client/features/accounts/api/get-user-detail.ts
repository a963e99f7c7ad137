import { useQuery } from '@tanstack/react-query';
import * as adminApi from '@shared/contract/admin';
import { callApi } from '@client/lib/api-client';

export function useUserDetail(userId: string | null) {
  return useQuery({
    queryKey: ['admin', 'users', 'detail', userId],
    queryFn: ({ signal }) => callApi(adminApi.user, { params: { id: userId ?? '' }, signal }),
    enabled: userId !== null,
  });
}
