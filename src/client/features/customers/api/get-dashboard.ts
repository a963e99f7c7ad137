import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as customersApi from '@shared/customers/contract';

export function getDashboard(signal?: AbortSignal) {
  return callApi(customersApi.dashboard, { signal });
}

/** Everything /user shows; live events and stamp results refresh it. */
export function useCustomerDashboard() {
  return useQuery({ queryKey: CUSTOMER_DASHBOARD_KEY, queryFn: ({ signal }) => getDashboard(signal) });
}
