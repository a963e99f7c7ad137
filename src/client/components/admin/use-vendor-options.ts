import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlanId } from '@shared/billing/plans';
import * as platformApi from '@shared/platform/contract';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

/** Approved vendors to choose from (optionally one plan), narrowed by a search. */
export function useVendorOptions(search: string, plan?: PlanId) {
  return useQuery({
    queryKey: ['admin', 'vendor-options', search, plan ?? 'all'],
    queryFn: ({ signal }) => callApi(platformApi.vendorOptions, { query: setFilters({ search, plan }), signal }),
    placeholderData: keepPreviousData,
  });
}
