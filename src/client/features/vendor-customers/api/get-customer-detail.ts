import { useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@shared/vendor-customers';
import { apiFetch } from '@client/lib/api-client';
import { VENDOR_CUSTOMERS_KEY } from './get-customers';

export function fetchCustomerDetail(userId: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiFetch<CustomerDetail>(`/api/vendor/customers/${encodeURIComponent(userId)}`, { signal });
}

export function useCustomerDetail(userId: string | null) {
  return useQuery({
    queryKey: [...VENDOR_CUSTOMERS_KEY, 'detail', userId],
    queryFn: ({ signal }) => fetchCustomerDetail(userId!, signal),
    enabled: userId !== null,
  });
}
