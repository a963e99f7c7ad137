import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as platformApi from '@shared/platform/contract';

export function useTopVendors() {
  return useQuery({
    queryKey: ['admin', 'top-vendors'],
    queryFn: ({ signal }) => callApi(platformApi.topVendors, { signal }),
  });
}
