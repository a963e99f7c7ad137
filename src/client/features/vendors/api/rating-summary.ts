import { useQuery } from '@tanstack/react-query';
import * as vendorsApi from '@shared/vendors/contract';
import { callApi } from '@client/lib/api-client';

/** The vendor's own ratings (dashboard). */
export function useVendorRatings() {
  return useQuery({
    queryKey: ['vendor', 'feedback'] as const,
    queryFn: ({ signal }) => callApi(vendorsApi.vendorRatings, { signal }),
  });
}

/** A vendor's ratings, for the admin reviewing it. */
export function useAdminVendorRatings(vendorId: string) {
  return useQuery({
    queryKey: ['admin', 'vendors', vendorId, 'feedback'] as const,
    queryFn: ({ signal }) => callApi(vendorsApi.adminVendorRatings, { params: { id: vendorId }, signal }),
  });
}
