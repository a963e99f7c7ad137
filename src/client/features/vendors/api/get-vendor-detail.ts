import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as adminApi from '@shared/contract/admin';

export function useVendorDetail(vendorId: string | null) {
  return useQuery({
    queryKey: ['admin', 'vendors', 'detail', vendorId],
    queryFn: ({ signal }) => callApi(adminApi.vendor, { params: { id: vendorId ?? '' }, signal }),
    enabled: vendorId !== null,
  });
}
