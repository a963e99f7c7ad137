import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminVendorPage, VendorFilters } from '@shared/admin-vendors';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from '@client/lib/query-string';

export interface VendorListParams extends VendorFilters {
  page: number;
  pageSize: number;
}

export function useAdminVendors(params: VendorListParams) {
  return useQuery({
    queryKey: ['admin', 'vendors', 'list', params],
    queryFn: ({ signal }) => apiFetch<AdminVendorPage>(`/api/admin/vendors${queryString({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Export Data downloads what the filters match, as the server builds it. */
export function vendorExportUrl(filters: VendorFilters): string {
  return `/api/admin/vendors/export.csv${queryString({ ...filters })}`;
}
