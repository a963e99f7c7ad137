import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerFilters, CustomerList } from '@shared/vendor-customers';
import { apiFetch } from '@client/lib/api-client';

export const VENDOR_CUSTOMERS_KEY = ['vendor', 'customers'] as const;

export function customerFilterParams(filters: CustomerFilters): URLSearchParams {
  const params = new URLSearchParams({ sort: filters.sort });
  if (filters.search) params.set('search', filters.search);
  if (filters.cardId) params.set('cardId', filters.cardId);
  if (filters.status) params.set('status', filters.status);
  return params;
}

export function fetchCustomers(filters: CustomerFilters, page: number, signal?: AbortSignal): Promise<CustomerList> {
  const params = customerFilterParams(filters);
  params.set('page', String(page));
  return apiFetch<CustomerList>(`/api/vendor/customers?${params}`, { signal });
}

export function useCustomers(filters: CustomerFilters, page: number) {
  return useQuery({
    queryKey: [...VENDOR_CUSTOMERS_KEY, 'list', filters, page],
    queryFn: ({ signal }) => fetchCustomers(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}
