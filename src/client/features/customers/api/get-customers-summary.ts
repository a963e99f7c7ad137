import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { VENDOR_CUSTOMERS_KEY } from './get-customers';
import * as customersApi from '@shared/customers/contract';

export function fetchCustomersSummary(signal?: AbortSignal) {
  return callApi(customersApi.summary, { signal });
}

export function useCustomersSummary() {
  return useQuery({
    queryKey: [...VENDOR_CUSTOMERS_KEY, 'summary'],
    queryFn: ({ signal }) => fetchCustomersSummary(signal),
  });
}
