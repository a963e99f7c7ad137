import { useQuery } from '@tanstack/react-query';
import type { StaffList } from '@shared/vendor-profile';
import { apiFetch } from '@client/lib/api-client';

export const VENDOR_STAFF_KEY = ['vendor', 'staff'] as const;

export function fetchStaff(signal?: AbortSignal): Promise<StaffList> {
  return apiFetch<StaffList>('/api/vendor/staff', { signal });
}

export function useStaff(enabled: boolean) {
  return useQuery({ queryKey: VENDOR_STAFF_KEY, queryFn: ({ signal }) => fetchStaff(signal), enabled });
}
