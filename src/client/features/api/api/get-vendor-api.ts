import { useQuery } from '@tanstack/react-query';
import * as integrationsApi from '@shared/api/contract';
import { callApi } from '@client/lib/api-client';

export const VENDOR_API_KEY = ['vendor', 'api'] as const;

/** Keys, webhook endpoints and the delivery log; refreshed every few seconds while deliveries are pending. */
export function useVendorApi() {
  return useQuery({
    queryKey: VENDOR_API_KEY,
    queryFn: ({ signal }) => callApi(integrationsApi.overview, { signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 3_000 : 15_000,
  });
}
