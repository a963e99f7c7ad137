import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';

export function useTopVendors() {
  return useQuery({
    queryKey: ['admin', 'top-vendors'],
    queryFn: ({ signal }) => callApi(adminApi.topVendors, { signal }),
  });
}
