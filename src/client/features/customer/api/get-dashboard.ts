import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as customerApi from '@shared/contract/customer';

export const DASHBOARD_QUERY_KEY = ['customer', 'dashboard'] as const;

export function getDashboard(signal?: AbortSignal) {
  return callApi(customerApi.dashboard, { signal });
}

/** Everything /user shows; live events and stamp results refresh it. */
export function useCustomerDashboard() {
  return useQuery({ queryKey: DASHBOARD_QUERY_KEY, queryFn: ({ signal }) => getDashboard(signal) });
}
