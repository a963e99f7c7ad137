import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange } from '@shared/analytics/vendor-analytics';
import * as vendorsApi from '@shared/vendors/contract';
import { callApi } from '@client/lib/api-client';
import { VENDOR_DASHBOARD_KEY } from '@client/lib/query-keys';

export function fetchVendorDashboard(range: DashboardRange, signal?: AbortSignal) {
  return callApi(vendorsApi.dashboard, { query: { range }, signal });
}

export function useVendorDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: [...VENDOR_DASHBOARD_KEY, range],
    queryFn: ({ signal }) => fetchVendorDashboard(range, signal),
    placeholderData: keepPreviousData,
  });
}
