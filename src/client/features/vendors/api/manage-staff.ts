import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';
import { VENDOR_STAFF_KEY } from './get-staff';

export type StaffChange =
  { kind: 'invite'; email: string } | { kind: 'revoke'; invitationId: string } | { kind: 'remove'; userId: string };

/** Invite by e-mail, withdraw an invitation, or remove a member: the three team changes an owner makes. */
export function changeStaff(change: StaffChange): Promise<{ ok: true }> {
  if (change.kind === 'invite')
    return apiFetch('/api/vendor/staff/invitations', { method: 'POST', body: { email: change.email } });
  if (change.kind === 'revoke')
    return apiFetch(`/api/vendor/staff/invitations/${change.invitationId}`, { method: 'DELETE' });
  return apiFetch(`/api/vendor/staff/members/${encodeURIComponent(change.userId)}`, { method: 'DELETE' });
}

export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaff,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: VENDOR_STAFF_KEY }),
  });
}
