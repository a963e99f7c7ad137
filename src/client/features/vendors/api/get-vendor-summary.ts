import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

export function useVendorSummary() {
  return useQuery({
    queryKey: ['admin', 'vendors', 'summary'],
    queryFn: ({ signal }) => callApi(vendorsApi.vendorSummary, { signal }),
  });
}
