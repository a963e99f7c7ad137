import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';

export function useVendorSummary() {
  return useQuery({
    queryKey: ['admin', 'vendors', 'summary'],
    queryFn: ({ signal }) => callApi(adminApi.vendorSummary, { signal }),
  });
}
