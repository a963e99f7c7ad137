import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange } from '@shared/vendor-analytics';
import type { VendorDashboard } from '@shared/vendor-dashboard';
import { apiFetch } from '@client/lib/api-client';

export const VENDOR_DASHBOARD_KEY = ['vendor', 'dashboard'] as const;

export function fetchVendorDashboard(range: DashboardRange, signal?: AbortSignal): Promise<VendorDashboard> {
  return apiFetch<VendorDashboard>(`/api/vendor/dashboard?range=${range}`, { signal });
}

export function useVendorDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: [...VENDOR_DASHBOARD_KEY, range],
    queryFn: ({ signal }) => fetchVendorDashboard(range, signal),
    placeholderData: keepPreviousData,
  });
}
