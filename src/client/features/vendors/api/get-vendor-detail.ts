import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

export function useVendorDetail(vendorId: string | null) {
  return useQuery({
    queryKey: ['admin', 'vendors', 'detail', vendorId],
    queryFn: ({ signal }) => callApi(vendorsApi.vendor, { params: { id: vendorId ?? '' }, signal }),
    enabled: vendorId !== null,
  });
}
