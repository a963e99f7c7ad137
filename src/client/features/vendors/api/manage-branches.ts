import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import type { BranchFields } from '@shared/vendors/branches';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';
import { VENDOR_BRANCHES_KEY } from '@client/lib/query-keys';

export type BranchChange =
  | { kind: 'add'; branch: BranchFields }
  | { kind: 'update'; id: string; branch: BranchFields }
  | { kind: 'archive'; id: string }
  | { kind: 'resume'; id: string };

/** The four changes an owner makes to the branches (decision 084). */
export function changeBranch(change: BranchChange) {
  switch (change.kind) {
    case 'add':
      return callApi(vendorsApi.addBranch, { body: change.branch });
    case 'update':
      return callApi(vendorsApi.updateBranch, { params: { id: change.id }, body: change.branch });
    case 'archive':
      return callApi(vendorsApi.archiveBranch, { params: { id: change.id } });
    case 'resume':
      return callApi(vendorsApi.resumeBranch, { params: { id: change.id } });
  }
}

export function useChangeBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBranch,
    onSettled: () => void refreshAfterWrite(queryClient, { queryKey: VENDOR_BRANCHES_KEY }),
  });
}
