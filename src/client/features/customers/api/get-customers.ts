import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerFilters } from '@shared/customers/vendor-customers';
import * as customersApi from '@shared/customers/contract';
import { callApi } from '@client/lib/api-client';

export const VENDOR_CUSTOMERS_KEY = ['vendor', 'customers'] as const;

/** The filters as the CSV export's query. */
export function customerFilterParams(filters: CustomerFilters): URLSearchParams {
  const params = new URLSearchParams({ sort: filters.sort });
  if (filters.search) params.set('search', filters.search);
  if (filters.cardId) params.set('cardId', filters.cardId);
  if (filters.status) params.set('status', filters.status);
  if (filters.branchId) params.set('branchId', filters.branchId);
  return params;
}

export function fetchCustomers(filters: CustomerFilters, page: number, signal?: AbortSignal) {
  const { sort, search, cardId, status, branchId } = filters;
  return callApi(customersApi.list, { query: { sort, search, cardId, status, branchId, page }, signal });
}

export function useCustomers(filters: CustomerFilters, page: number) {
  return useQuery({
    queryKey: [...VENDOR_CUSTOMERS_KEY, 'list', filters, page],
    queryFn: ({ signal }) => fetchCustomers(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}
