import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange } from '@shared/analytics/vendor-analytics';
import * as vendorsApi from '@shared/vendors/contract';
import { callApi } from '@client/lib/api-client';
import { VENDOR_DASHBOARD_KEY } from '@client/lib/query-keys';

/** `branchId`: one branch's figures (decision 089); null: the whole business. */
export function fetchVendorDashboard(range: DashboardRange, branchId: string | null = null, signal?: AbortSignal) {
  return callApi(vendorsApi.dashboard, { query: { range, ...(branchId ? { branchId } : {}) }, signal });
}

export function useVendorDashboard(range: DashboardRange, branchId: string | null = null) {
  return useQuery({
    queryKey: [...VENDOR_DASHBOARD_KEY, range, branchId],
    queryFn: ({ signal }) => fetchVendorDashboard(range, branchId, signal),
    placeholderData: keepPreviousData,
  });
}
