import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VendorFilters } from '@shared/vendors/admin-vendors';
import * as vendorsApi from '@shared/vendors/contract';
import type { QueryOf } from '@shared/api-route';
import { callApi } from '@client/lib/api-client';
import { fileAddress, setFilters } from '@client/lib/query-string';

export type VendorListParams = QueryOf<typeof vendorsApi.vendors>;

export function useAdminVendors(params: VendorListParams) {
  return useQuery({
    queryKey: ['admin', 'vendors', 'list', params],
    queryFn: ({ signal }) => callApi(vendorsApi.vendors, { query: setFilters(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** Export Data downloads what the filters match, as the server builds it. */
export function vendorExportUrl(filters: VendorFilters): string {
  return fileAddress('/api/admin/vendors/export.csv', filters);
}
