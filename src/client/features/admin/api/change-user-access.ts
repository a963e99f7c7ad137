import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserChange } from '@shared/admin-users';
import { apiFetch } from '@client/lib/api-client';

export type UserAccessAction = 'disable' | 'enable' | 'grant-admin' | 'revoke-admin';

const REQUESTS: Record<UserAccessAction, { method: 'POST' | 'DELETE'; path: string }> = {
  disable: { method: 'POST', path: 'disable' },
  enable: { method: 'POST', path: 'enable' },
  'grant-admin': { method: 'POST', path: 'admin' },
  'revoke-admin': { method: 'DELETE', path: 'admin' },
};

/** Disable or enable an account, grant or revoke admin. */
export function useChangeUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: UserAccessAction }) =>
      apiFetch<AdminUserChange>(`/api/admin/users/${encodeURIComponent(userId)}/${REQUESTS[action].path}`, {
        method: REQUESTS[action].method,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
