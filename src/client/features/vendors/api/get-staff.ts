import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

export const VENDOR_STAFF_KEY = ['vendor', 'staff'] as const;

export function fetchStaff(signal?: AbortSignal) {
  return callApi(vendorsApi.staff, { signal });
}

export function useStaff(enabled: boolean) {
  return useQuery({ queryKey: VENDOR_STAFF_KEY, queryFn: ({ signal }) => fetchStaff(signal), enabled });
}
