import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

export const VENDOR_APPLICATIONS_KEY = ['admin', 'vendor-applications'] as const;

export function useVendorApplications() {
  return useQuery({
    queryKey: VENDOR_APPLICATIONS_KEY,
    queryFn: ({ signal }) => callApi(vendorsApi.vendorApplications, { signal }),
  });
}
