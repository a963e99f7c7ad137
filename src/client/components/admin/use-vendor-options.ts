import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlanId } from '@shared/billing/plans';
import * as adminApi from '@shared/contract/admin';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

/** Approved vendors to choose from (optionally one plan), narrowed by a search. */
export function useVendorOptions(search: string, plan?: PlanId) {
  return useQuery({
    queryKey: ['admin', 'vendor-options', search, plan ?? 'all'],
    queryFn: ({ signal }) => callApi(adminApi.vendorOptions, { query: setFilters({ search, plan }), signal }),
    placeholderData: keepPreviousData,
  });
}
