import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';
import { VENDOR_BRANCHES_KEY } from '@client/lib/query-keys';

export { VENDOR_BRANCHES_KEY };

export function fetchBranches(signal?: AbortSignal) {
  return callApi(vendorsApi.branches, { signal });
}

export function useBranches() {
  return useQuery({ queryKey: VENDOR_BRANCHES_KEY, queryFn: ({ signal }) => fetchBranches(signal) });
}
