import { useQuery } from '@tanstack/react-query';
import * as vendorApiApi from '@shared/contract/vendor-api';
import { callApi } from '@client/lib/api-client';

export const VENDOR_API_KEY = ['vendor', 'api'] as const;

/** Keys, webhook endpoints and the delivery log; refreshed every few seconds while deliveries are pending. */
export function useVendorApi() {
  return useQuery({
    queryKey: VENDOR_API_KEY,
    queryFn: ({ signal }) => callApi(vendorApiApi.overview, { signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 3_000 : 15_000,
  });
}
