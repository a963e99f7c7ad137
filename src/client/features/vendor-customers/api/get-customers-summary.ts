import { useQuery } from '@tanstack/react-query';
import type { CustomersSummary } from '@shared/vendor-customers';
import { apiFetch } from '@client/lib/api-client';
import { VENDOR_CUSTOMERS_KEY } from './get-customers';

export function fetchCustomersSummary(signal?: AbortSignal): Promise<CustomersSummary> {
  return apiFetch<CustomersSummary>('/api/vendor/customers/summary', { signal });
}

export function useCustomersSummary() {
  return useQuery({
    queryKey: [...VENDOR_CUSTOMERS_KEY, 'summary'],
    queryFn: ({ signal }) => fetchCustomersSummary(signal),
  });
}
