import { useQuery } from '@tanstack/react-query';
import type { CustomerDashboard } from '@shared/customer';
import { apiFetch } from '@client/lib/api-client';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';

export function getDashboard(signal?: AbortSignal): Promise<CustomerDashboard> {
  return apiFetch<CustomerDashboard>('/api/customer/dashboard', { signal });
}

/** Everything /user shows; live events and stamp results refresh it. */
export function useCustomerDashboard() {
  return useQuery({ queryKey: CUSTOMER_DASHBOARD_KEY, queryFn: ({ signal }) => getDashboard(signal) });
}
