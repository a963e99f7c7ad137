import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { VENDOR_BRANCHES_KEY } from '@client/lib/query-keys';
import * as vendorsApi from '@shared/vendors/contract';

/** The vendor's open branches, for the counter's branch choice (decision 084). */
export function useCounterBranches() {
  const branches = useQuery({
    queryKey: VENDOR_BRANCHES_KEY,
    queryFn: ({ signal }) => callApi(vendorsApi.branches, { signal }),
  });
  return (branches.data?.branches ?? []).filter((branch) => branch.status === 'active' && branch.archivedAt === null);
}
