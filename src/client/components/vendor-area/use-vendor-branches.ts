import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';
import { VENDOR_BRANCHES_KEY } from '@client/lib/query-keys';

/**
 * The vendor's branches (decision 084): the Branches page, and where several domains choose one
 * (the counter, a staff member's, a card's: decision 089).
 */
export function useBranches() {
  return useQuery({
    queryKey: VENDOR_BRANCHES_KEY,
    queryFn: ({ signal }) => callApi(vendorsApi.branches, { signal }),
  });
}

/** The branches an owner may choose for a staff member or a card: every one not archived. */
export function useChoosableBranches() {
  return (useBranches().data?.branches ?? []).filter((branch) => branch.archivedAt === null);
}
