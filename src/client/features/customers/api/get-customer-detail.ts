import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { VENDOR_CUSTOMERS_KEY } from './get-customers';
import * as customersApi from '@shared/customers/contract';

export function fetchCustomerDetail(userId: string, signal?: AbortSignal) {
  return callApi(customersApi.detail, { params: { userId }, signal });
}

export function useCustomerDetail(userId: string | null) {
  return useQuery({
    queryKey: [...VENDOR_CUSTOMERS_KEY, 'detail', userId],
    queryFn: ({ signal }) => fetchCustomerDetail(userId!, signal),
    enabled: userId !== null,
  });
}
