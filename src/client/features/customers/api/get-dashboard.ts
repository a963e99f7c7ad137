import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as customerApi from '@shared/contract/customer';

export function getDashboard(signal?: AbortSignal) {
  return callApi(customerApi.dashboard, { signal });
}

/** Everything /user shows; live events and stamp results refresh it. */
export function useCustomerDashboard() {
  return useQuery({ queryKey: CUSTOMER_DASHBOARD_KEY, queryFn: ({ signal }) => getDashboard(signal) });
}
