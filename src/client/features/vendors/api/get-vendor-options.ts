import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VendorOption } from '@shared/admin-dashboard';
import type { PlanId } from '@shared/plans';
import { apiFetch } from '@client/lib/api-client';
import { queryString } from '@client/lib/query-string';

/** Approved vendors to choose from (optionally one plan), narrowed by a search. */
export function useVendorOptions(search: string, plan?: PlanId) {
  return useQuery({
    queryKey: ['admin', 'vendor-options', search, plan ?? 'all'],
    queryFn: ({ signal }) =>
      apiFetch<{ vendors: VendorOption[] }>(`/api/admin/vendor-options${queryString({ search, plan })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
