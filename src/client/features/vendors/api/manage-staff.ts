import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { VENDOR_STAFF_KEY } from './get-staff';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export type StaffChange =
  | { kind: 'invite'; email: string }
  | { kind: 'revoke'; invitationId: string }
  | { kind: 'remove'; userId: string }
  | { kind: 'branches'; userId: string; branchIds: string[] | null };

/** Invite by e-mail, withdraw an invitation, remove a member or place them at branches: the team changes an owner makes. */
export function changeStaff(change: StaffChange) {
  if (change.kind === 'branches')
    return callApi(vendorsApi.setStaffBranches, {
      params: { userId: change.userId },
      body: { branchIds: change.branchIds },
    });
  if (change.kind === 'invite') return callApi(vendorsApi.inviteStaff, { body: { email: change.email } });
  if (change.kind === 'revoke') return callApi(vendorsApi.revokeInvitation, { params: { id: change.invitationId } });
  return callApi(vendorsApi.removeStaffMember, { params: { userId: change.userId } });
}

export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaff,
    onSettled: () => void refreshAfterWrite(queryClient, { queryKey: VENDOR_STAFF_KEY }),
  });
}
